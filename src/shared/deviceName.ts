// A device named for people from its browser's user agent ("Chrome · Android"): the profile's
// list of sessions and the clinic's list of devices keeping a working set (issue 36).

/** "Chrome · Android" from a user agent, or the agent itself (shortened) when unknown. */
export function deviceName(agent: string | null | undefined): string {
  if (!agent) return '—';
  const browser = /Edg\//.test(agent) ? 'Edge' : /Firefox\//.test(agent) ? 'Firefox' : /Chrome\//.test(agent) ? 'Chrome' : /Safari\//.test(agent) ? 'Safari' : null;
  const system = /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Windows/.test(agent) ? 'Windows' : /Mac OS X/.test(agent) ? 'macOS' : /Linux/.test(agent) ? 'Linux' : null;
  return browser && system ? `${browser} · ${system}` : agent.slice(0, 60);
}
