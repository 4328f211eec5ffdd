import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IFTA_RETURN_CSV_HEADERS, iftaReturnFileName, type IftaReturnRow } from '@milepost/contracts/ifta-api';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import { csvLines, csvReply, type CsvColumn } from '../../platform/csv';
import { iftaReturnOf, iftaReturnTrips } from './service';

/** The return's rows as filed: one line per jurisdiction, the totals last; numbers stay numbers (a credit is negative). */
const CSV_COLUMNS: CsvColumn<IftaReturnRow>[] = [
  { header: IFTA_RETURN_CSV_HEADERS[0], value: (r) => r.jurisdiction },
  { header: IFTA_RETURN_CSV_HEADERS[1], value: (r) => r.totalMiles },
  { header: IFTA_RETURN_CSV_HEADERS[2], value: (r) => r.taxableMiles },
  { header: IFTA_RETURN_CSV_HEADERS[3], value: (r) => r.taxableGallons },
  { header: IFTA_RETURN_CSV_HEADERS[4], value: (r) => r.taxPaidGallons },
  { header: IFTA_RETURN_CSV_HEADERS[5], value: (r) => r.netTaxableGallons },
  { header: IFTA_RETURN_CSV_HEADERS[6], value: (r) => r.ratePerGallon },
  { header: IFTA_RETURN_CSV_HEADERS[7], value: (r) => r.surchargePerGallon },
  { header: IFTA_RETURN_CSV_HEADERS[8], value: (r) => r.surchargeDue },
  { header: IFTA_RETURN_CSV_HEADERS[9], value: (r) => r.taxDue },
];

/** /api/v1/ifta-return (api-modules.ts): the quarter's IFTA return, drafted (docs/ifta.md). */
export async function iftaReturnRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.iftaReturn.list, async (req) => ({ data: await iftaReturnOf(deps.db, req.query) }));
  route(r, routes.iftaReturn.exportCsv, async (req, reply) => {
    const ret = await iftaReturnOf(deps.db, req.query);
    const total: IftaReturnRow = {
      jurisdiction: 'TOTAL',
      totalMiles: ret.totalMiles,
      taxableMiles: ret.rows.reduce((a, x) => a + x.taxableMiles, 0),
      taxableGallons: ret.rows.reduce((a, x) => a + x.taxableGallons, 0),
      taxPaidGallons: ret.totalGallons,
      netTaxableGallons: ret.rows.reduce((a, x) => a + x.netTaxableGallons, 0),
      ratePerGallon: 0,
      surchargePerGallon: 0,
      surchargeDue: Math.round(ret.rows.reduce((a, x) => a + Math.round(x.surchargeDue * 100), 0)) / 100,
      taxDue: Math.round(ret.rows.reduce((a, x) => a + Math.round(x.taxDue * 100), 0)) / 100,
      trips: 0,
      purchases: 0,
    };
    return csvReply(reply, iftaReturnFileName(req.query)).send(csvLines(CSV_COLUMNS, [...ret.rows, total], true));
  });
  route(r, routes.iftaReturn.trips, async (req) => ({ data: await iftaReturnTrips(deps.db, req.query) }));
}
