/**
 * The job dashboard's script (served as /schedule/dashboard.js): polls the dashboard API every
 * three seconds and fills the four tables with text nodes only (no HTML from data).
 */
export const DASHBOARD_SCRIPT = `(() => {
  'use strict';
  // Speak the language chosen in the web app (kept in local storage on this origin).
  try {
    const chosen = JSON.parse(localStorage.getItem(document.documentElement.dataset.localeKey) || 'null');
    const params = new URLSearchParams(location.search);
    if (typeof chosen === 'string' && chosen !== document.documentElement.lang && !params.has('lang')) {
      params.set('lang', chosen);
      location.replace('?' + params.toString());
      return;
    }
  } catch {
    // no stored choice: the browser's language stays
  }
  const state = document.getElementById('state');
  const labels = JSON.parse(state.dataset.labels);
  const cookieName = state.dataset.cookie + '=';
  const token = () => {
    const hit = document.cookie.split('; ').find((c) => c.startsWith(cookieName));
    return hit ? decodeURIComponent(hit.slice(cookieName.length)) : '';
  };
  const time = (iso) => (iso ? new Date(iso).toLocaleString() : '');
  const table = (id, columns, rows) => {
    const box = document.getElementById(id);
    box.replaceChildren();
    if (!rows.length) {
      const p = document.createElement('p');
      p.textContent = labels.none;
      box.append(p);
      return;
    }
    const t = document.createElement('table');
    const head = t.createTHead().insertRow();
    for (const [label] of columns) {
      const th = document.createElement('th');
      th.textContent = label;
      head.append(th);
    }
    const body = t.createTBody();
    for (const row of rows) {
      const tr = body.insertRow();
      for (const [, value, cls] of columns) {
        const td = tr.insertCell();
        td.textContent = value(row);
        if (cls) td.className = cls(row);
      }
    }
    box.append(t);
  };
  async function refresh() {
    const response = await fetch('/api/sysJob/dashboard', {
      headers: { authorization: 'Bearer ' + token(), accept: 'application/json' },
      credentials: 'same-origin',
    }).catch(() => undefined);
    if (!response || !response.ok) {
      state.textContent = labels.signIn;
      return;
    }
    const { result } = await response.json();
    state.textContent = labels.updated + ' ' + time(result.now);
    table('running', [
      [labels.job, (r) => r.jobId],
      [labels.trigger, (r) => r.triggerId || '-'],
      [labels.startedAt, (r) => time(r.startedAt)],
      [labels.node, (r) => r.node],
    ], result.running);
    table('nextFires', [
      [labels.job, (r) => r.jobId],
      [labels.trigger, (r) => r.triggerId],
      [labels.nextRunTime, (r) => time(r.nextRunTime)],
    ], result.nextFires);
    table('failures', [
      [labels.job, (r) => r.jobId],
      [labels.startedAt, (r) => time(r.startedAt)],
      [labels.elapsed, (r) => (r.elapsed == null ? '' : r.elapsed + ' ms')],
      [labels.error, (r) => r.error || '', () => 'err'],
    ], result.failures);
    table('nodes', [
      [labels.node, (r) => r.clusterId],
      [labels.queue, (r) => r.queue],
      [labels.status, (r) => r.status, (r) => r.status],
      [labels.heartbeat, (r) => time(r.heartbeatAt)],
    ], result.nodes);
  }
  refresh();
  setInterval(refresh, 3000);
})();
`;
