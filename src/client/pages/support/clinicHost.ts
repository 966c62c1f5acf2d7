// The address of a clinic's application, seen from the platform's host: the subdomain in front of
// the main host (localhost:3000 -> demo.localhost:3000, www.example.com -> demo.example.com).
export function clinicOrigin(subdomain: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const base = location.host.replace(/^www\./, '');
  return `${location.protocol}//${subdomain}.${base}`;
}
