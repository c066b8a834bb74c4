import { UNIT_MESSAGES, UNITS, type UnitFace, type UnitUpdateData } from '@portal/domain';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import { HttpError } from '../../../http/errors.ts';
import * as repo from './repository.ts';

function toUnit(row: repo.UnitRow): UnitFace {
  return {
    code: row.code as UnitFace['code'],
    display_name: row.displayName,
    address: row.address,
    phone: row.phone,
    whatsapp: row.whatsapp,
  };
}

/** The clinic's face per unit (migration 0022): what the client's link and messages show. */
export const unitsService = {
  async list(db: AppDb): Promise<UnitFace[]> {
    return (await repo.listUnits(db)).map(toUnit);
  },

  /** The unit a proposal belongs to, as its client sees it; a code without a row shows itself. */
  async face(db: DbOrTx, code: string): Promise<UnitFace> {
    const row = await repo.findUnit(db, code);
    if (row) return toUnit(row);
    return {
      code: code as UnitFace['code'],
      display_name: code,
      address: '',
      phone: null,
      whatsapp: null,
    };
  },

  async update(db: AppDb, code: string, data: UnitUpdateData): Promise<UnitFace> {
    if (!(UNITS as readonly string[]).includes(code))
      throw new HttpError(404, UNIT_MESSAGES.notFound);
    return db.transaction(async (tx) => {
      const current = await repo.findUnit(tx, code, true);
      if (!current) throw new HttpError(404, UNIT_MESSAGES.notFound);
      const row = await repo.updateUnit(tx, code, {
        ...(data.display_name !== undefined && { displayName: data.display_name }),
        ...(data.address !== undefined && { address: data.address }),
        ...(data.phone !== undefined && { phone: data.phone }),
        ...(data.whatsapp !== undefined && { whatsapp: data.whatsapp }),
      });
      return toUnit(row);
    });
  },
};
