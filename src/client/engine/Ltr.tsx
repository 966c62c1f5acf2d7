// A left-to-right token (a date, a code, an e-mail) inside text of either direction: <bdi dir="ltr">
// isolates it (unicode-bidi: isolate), so `2025-01-02 10:30` or `AB+` never shows reversed in
// Kurdish or Arabic, nor moves the text around it. For plain strings (titles, messages) see
// isolateLtr in src/shared/bidi.ts.
import type { ReactNode } from 'react';

export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}
