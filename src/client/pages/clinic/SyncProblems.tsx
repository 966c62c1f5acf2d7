// Sync problems (issue 37 item 4): the changes this device kept during an internet cut that the
// server refused when they were sent (412: the record changed since, with both changing the
// same field; 409; 422: a booking's slot taken...). Each shows what the user entered beside what
// the server holds now, and waits for the user: "apply mine" (sent again on the server's
// version), "keep theirs" (dropped), "edit" (the record's form with the entered values). Below,
// what was settled on this device, re-applied changes included.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Card, Empty, List, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { resourceByName } from '../../../../resources';
import { type FieldDef, clientRoute } from '../../../shared/resource';
import { fieldLabel, resourceTitle } from '../../../shared/labels';
import { useT } from '../../i18n/useT';
import { FieldValue, RelationValue } from '../../engine/FieldValue';
import { onShellState, shellState } from '../../offline/shellState';
import type { OutboxEntry, SettledEntry } from '../../offline/outboxPlan';
import { applyMineNow, currentOf, keepTheirs, problemEntries, settledEntries } from '../../offline/syncProblems';
import { instantText } from '../../engine/instant';

// What became of a change, said in words (the server's status code meant nothing to a desk).
const PROBLEM_KINDS: Record<number, 'changed' | 'forbidden' | 'gone'> = { 409: 'changed', 412: 'changed', 403: 'forbidden', 404: 'gone' };

type Row = Record<string, unknown>;

interface Shown {
  entry: OutboxEntry;
  current: Row | null;
}

/** A value as the record's page shows it: a booking's patient and doctor by name, not by number. */
function Value({ field, value, name }: { field: FieldDef; value: unknown; name: string }) {
  if (field.type === 'relation' && field.relation && value !== null && value !== undefined) return <RelationValue field={field} value={value} />;
  return <FieldValue field={field} value={value} name={name} />;
}

function recordName(entry: { resource: string; target: OutboxEntry['target']; body: Row }, current: Row | null): string {
  const def = resourceByName(entry.resource);
  const title = def.titleField ? (current?.[def.titleField] ?? entry.body[def.titleField]) : undefined;
  if (title !== undefined && title !== null && title !== '') return String(title);
  return 'id' in entry.target ? `#${entry.target.id}` : '';
}

// As the app writes a date and time everywhere (engine/FieldValue), isolated left to right.
const time = (iso: string) => `\u2066${instantText(iso)}\u2069`;

export default function SyncProblems() {
  const t = useT();
  const shell = useSyncExternalStore(onShellState, shellState);
  const [shown, setShown] = useState<Shown[] | null>(null);
  const [settled, setSettled] = useState<SettledEntry[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const entries = await problemEntries();
      const read = await Promise.all(entries.map(async (entry) => ({ entry, current: await currentOf(entry) })));
      // Both at once: "nothing waits" shown beside the log of before, the problem just settled
      // missing from it, misled (a browser test read the log in that moment).
      const log = await settledEntries();
      setShown(read);
      setSettled(log);
      setFailure(null);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
      setShown([]);
    }
  }, []);
  // Read again whenever the outbox's counts move (a round sent, a problem settled).
  useEffect(() => {
    void load();
  }, [load, shell.problems, shell.waiting]);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="sync-problems">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('nav.syncProblems', 'Sync problems')}
      </Typography.Title>
      {failure && <Alert type="error" showIcon message={failure} />}
      {shell.offlineSince && !!shown?.length && <Alert type="info" showIcon message={t('syncProblems.offline', 'The server does not answer: apply or keep once the connection is back')} />}
      {shown && !shown.length && <Empty description={t('syncProblems.none', 'Nothing waits for you: every change kept on this device reached the server')} data-testid="sync-problems-none" />}
      {shown?.map((s) => <ProblemCard key={s.entry.key} shown={s} offline={!!shell.offlineSince} onDone={load} />)}
      {settled.length > 0 && <SettledList settled={settled} />}
    </Space>
  );
}

function ProblemCard({ shown: { entry, current }, offline, onDone }: { shown: Shown; offline: boolean; onDone: () => Promise<void> }) {
  const t = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'mine' | 'theirs' | null>(null);
  const def = resourceByName(entry.resource);
  const problem = entry.problem!;
  const creating = entry.method === 'POST';
  const act = (which: 'mine' | 'theirs', run: (key: string) => Promise<void>) => async () => {
    setBusy(which);
    try {
      await run(entry.key);
    } finally {
      setBusy(null);
      await onDone();
    }
  };
  // "Edit": the record's own form, given what was entered (FormPage, AppointmentForm: useOutboxDraft).
  const edit = () => {
    const route = clientRoute(def);
    navigate('id' in entry.target ? `/${route}/edit/${entry.target.id}` : `/${route}/create`, { state: { outbox: entry.key } });
  };
  const fieldErrors = problem.errors ?? {};
  const rows = Object.keys(entry.body)
    .filter((name) => def.fields[name])
    .map((name) => ({ name, mine: entry.body[name], theirs: current?.[name], errors: fieldErrors[name] ?? [] }));
  return (
    <Card
      data-testid="sync-problem"
      title={
        <Space wrap>
          <span>{resourceTitle(t, def)}</span>
          <bdi>{recordName(entry, current)}</bdi>
          {creating && <Tag>{t('syncProblems.new', 'New record')}</Tag>}
          <Tag color="red" data-testid="sync-problem-status" data-status={problem.status}>{t(`syncProblems.kind.${PROBLEM_KINDS[problem.status] ?? 'refused'}`)}</Tag>
        </Space>
      }
    >
      {/* In the card, not beside its title: on a phone the title's line has no room for it (it was cut). */}
      <Typography.Paragraph type="secondary" data-testid="sync-problem-entered" style={{ marginTop: 0 }}>
        {t('syncProblems.enteredAt', { time: time(entry.enteredAt) })}
      </Typography.Paragraph>
      <Alert type="warning" showIcon message={problem.message} style={{ marginBottom: 12 }} data-testid="sync-problem-message" />
      <Table
        size="small"
        pagination={false}
        rowKey="name"
        dataSource={rows}
        columns={[
          { title: t('syncProblems.field', 'Field'), dataIndex: 'name', render: (name: string) => fieldLabel(t, def, name) },
          {
            title: t('syncProblems.mine', 'What you entered'),
            dataIndex: 'mine',
            render: (value: unknown, row) => (
              <span data-testid={`sync-mine-${row.name}`}>
                <Value field={def.fields[row.name]} value={value} name={row.name} />
                {row.errors.map((e) => <Typography.Text key={e} type="danger" style={{ display: 'block' }}>{e}</Typography.Text>)}
              </span>
            ),
          },
          // A new record: the server holds nothing of it, and a column of dashes took half a phone's width.
          ...(creating
            ? []
            : [
                {
                  title: t('syncProblems.theirs', 'What the server holds now'),
                  dataIndex: 'theirs',
                  render: (value: unknown, row: (typeof rows)[number]) => (
                    <span data-testid={`sync-theirs-${row.name}`}>
                      <Value field={def.fields[row.name]} value={value} name={row.name} />
                    </span>
                  ),
                },
              ]),
        ]}
      />
      <Space wrap style={{ marginTop: 12 }}>
        <Button type="primary" data-testid="sync-apply-mine" loading={busy === 'mine'} disabled={offline || !!busy} onClick={() => void act('mine', applyMineNow)()}>
          {t('syncProblems.applyMine', 'Apply mine')}
        </Button>
        <Popconfirm
          title={t('syncProblems.keepTheirsConfirm', 'Drop what you entered and keep what the server holds?')}
          okText={t('syncProblems.keepTheirs', 'Keep theirs')}
          cancelText={t('buttons.cancel', 'Cancel')}
          okButtonProps={{ danger: true, ...({ 'data-testid': 'sync-keep-theirs-ok' } as Record<`data-${string}`, string>) }}
          onConfirm={() => act('theirs', keepTheirs)()}
        >
          <Button danger data-testid="sync-keep-theirs" loading={busy === 'theirs'} disabled={offline || !!busy}>
            {t('syncProblems.keepTheirs', 'Keep theirs')}
          </Button>
        </Popconfirm>
        <Button data-testid="sync-edit" disabled={!!busy} onClick={edit}>
          {t('syncProblems.edit', 'Edit')}
        </Button>
      </Space>
    </Card>
  );
}

function SettledList({ settled }: { settled: SettledEntry[] }) {
  const t = useT();
  return (
    <Card title={t('syncProblems.settled', 'Settled on this device')} size="small" data-testid="sync-settled">
      <List
        size="small"
        dataSource={settled}
        renderItem={(s) => {
          const def = resourceByName(s.resource);
          return (
            <List.Item>
              <Space direction="vertical" size={0}>
                <span>
                  {resourceTitle(t, def)} <bdi>{recordName(s, null)}</bdi> · {Object.keys(s.body).map((f) => fieldLabel(t, def, f)).join(' / ')}
                </span>
                <Typography.Text type="secondary">
                  {s.history.map((h) => `${time(h.at)} ${t(`syncProblems.history.${h.what}`)}`).join(' · ')}
                </Typography.Text>
              </Space>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
