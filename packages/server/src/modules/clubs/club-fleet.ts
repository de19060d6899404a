import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** An item applying one of the club's tax names. */
export interface TaxUse {
  kind: 'glider' | 'launch type' | 'intro launch' | 'block rule';
  /** How a person knows the item: registration, label, or the block rule's name. */
  label: string;
  taxNames: string[];
}

/**
 * What the clubs' calls read of the club's fleet: the fleet module's readers
 * (fleet/repo.ts), handed in by modules/register.ts, as the fleet sits above
 * the clubs (its saves lock the club row; docs/architecture.md, "The server's
 * floors").
 */
export interface ClubFleet {
  /** The club's active launch types' ids, oldest first: club info's `units.launch`. */
  activeLaunchTypeIds(db: Kysely<DB>, clubId: string): Promise<string[]>;
  /** The club's items (active or not) that apply any of these tax names: a tax still used is not removed. */
  itemsUsingTaxes(trx: Transaction<DB>, clubId: string, names: string[]): Promise<TaxUse[]>;
}
