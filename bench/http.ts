// A JSON POST with a chosen Host header (fetch does not let one set it), for logging in to a
// clinic on loopback.
import http from 'node:http';

export function postJson<T>(url: string, host: string, body: unknown): Promise<{ status: number; json: T }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(url, { method: 'POST', headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      let data = '';
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(data || '{}') as T }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}
