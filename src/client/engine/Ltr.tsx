// A left-to-right token (a date, a code, an e-mail) inside text of either direction: <bdi dir="ltr">
// isolates it (unicode-bidi: isolate), so `2025-01-02 10:30` or `AB+` never shows reversed in
// Kurdish or Arabic, nor moves the text around it. For plain strings (titles, messages) see
// isolateLtr in src/shared/bidi.ts. A token is kept on one line: "2026-11-" over "25" on a phone
// read as two things (the every-screen scan reports a short token broken so); `wrap` for a long
// one (an address on the web, an e-mail, a digest), which must break to fit a phone.
import type { ReactNode } from 'react';

export function Ltr({ children, className, wrap }: { children: ReactNode; className?: string; wrap?: boolean }) {
  const classes = [wrap ? '' : 'no-wrap', className ?? ''].filter(Boolean).join(' ');
  return (
    <bdi dir="ltr" className={classes || undefined}>
      {children}
    </bdi>
  );
}
