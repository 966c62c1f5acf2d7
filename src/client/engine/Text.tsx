// Text like antd's Typography.Text (strong, secondary, danger), drawn with the theme's tokens: the
// logged-in app's first load then carries no Typography (its editing, copying and ellipsis
// machinery with tooltips and a text area), which the lists and the layout never use.
import type { ReactNode } from 'react';
import { theme } from 'antd';

export function Text({ strong, type, children, 'data-testid': testId }: { strong?: boolean; type?: 'secondary' | 'danger'; children: ReactNode; 'data-testid'?: string }) {
  const { token } = theme.useToken();
  const color = type === 'secondary' ? token.colorTextDescription : type === 'danger' ? token.colorError : undefined;
  return (
    <span data-testid={testId} style={{ color, wordBreak: 'break-word' }}>
      {strong ? <strong style={{ fontWeight: 600 }}>{children}</strong> : children}
    </span>
  );
}
