// A landing image chosen by screen size: <picture> with a source per width (content.ts).
import { pictureSources } from './content';

export function Picture({ row, alt, height }: { row: Record<string, unknown>; alt: string; height?: number }) {
  const picture = pictureSources(row);
  if (!picture) return null;
  return (
    <picture data-testid="landing-picture">
      {picture.sources.map((s) => (
        <source key={s.media} media={s.media} srcSet={s.srcSet} />
      ))}
      <img
        src={picture.fallback}
        alt={alt}
        loading="lazy"
        style={{ display: 'block', width: '100%', height: height ?? 'auto', maxHeight: 420, objectFit: 'cover', borderRadius: 8 }}
      />
    </picture>
  );
}
