// Hands a file the API answered with (useAsk with `file`) to the browser as a download.
import type { FileAnswer } from '../providers/http';

export function saveFile(file: FileAnswer, fallbackName: string): void {
  const href = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = file.name ?? fallbackName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
