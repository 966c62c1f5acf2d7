// What is stored and what is answered: fields declared `encrypted` sealed on the way in and opened
// on the way out, a sealed lookup field found by its keyed hash, each row shown as the resource's
// `present` hook renders it, and declared input turned into column values.
import type { ResourceDef } from '../../shared/resource';
import { hashPassword } from '../auth/passwords';
import { type FieldCipher, encryptedColumns } from '../crypto/fields';
import type { Lang } from '../i18n';
import type { HookRegistry, Input, Row, Tx } from './hooks';

export class Sealer {
  constructor(
    /** None: nothing is sealed (nothing is declared so, or the benchmark's comparison server). */
    private readonly cipher: FieldCipher | null,
    private readonly hooks: HookRegistry,
    private readonly tenantId: number | null,
    private readonly lang: Lang,
  ) {}

  /** Rows with their encrypted fields opened, as the resource's `present` hook shows them. */
  async opened(trx: Tx, def: ResourceDef, rows: Row[]): Promise<Row[]> {
    const open = this.cipher ? await this.cipher.openRows(trx, def, this.tenantId, rows) : rows;
    const present = this.hooks[def.name]?.present;
    return present ? open.map((row) => present(row, { lang: this.lang })) : open;
  }

  /**
   * Reads the clinic's key now if `def`'s rows may need it opened (it is kept once read), so that
   * opening them after a transaction's last statement sends nothing more.
   */
  async ready(trx: Tx, def: ResourceDef): Promise<void> {
    if (this.cipher && this.tenantId !== null && encryptedColumns(def).length) await this.cipher.keyring.load(trx, this.tenantId);
  }

  /** Column values with their encrypted fields sealed (in place). */
  async seal(trx: Tx, def: ResourceDef, values: Record<string, unknown>): Promise<void> {
    await this.cipher?.sealValues(trx, def, this.tenantId, values);
  }

  /** The keyed hash a lookup field's `value` is stored under (see FieldDef.lookup); null: none here. */
  async lookupHash(trx: Tx, field: string, value: string): Promise<string | null> {
    if (!this.cipher || this.tenantId === null) return null;
    return this.cipher.lookupHash(trx, this.tenantId, field, value);
  }
}

/**
 * Declared input -> column values: virtual fields left out, passwords hashed. Read-only fields
 * pass here only when a server hook set them: client bodies cannot carry them (validation).
 */
export async function toColumns(def: ResourceDef, input: Input): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    const field = def.fields[name];
    if (!field || field.virtual) continue;
    if (field.type === 'password') out[`${name}_hash`] = await hashPassword(String(value));
    else if (field.type === 'list') out[name] = JSON.stringify(value ?? []);
    else if (field.type === 'json') out[name] = JSON.stringify(value ?? {});
    else out[name] = value;
  }
  return out;
}
