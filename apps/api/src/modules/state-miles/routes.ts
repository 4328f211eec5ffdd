import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATE_MILES_CSV_HEADERS, jurisdictionNote, notFileableNote, stateMilesFileName } from '@milepost/contracts/state-miles-api';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import { csvReply, oneDecimal, type CsvColumn } from '../../platform/csv';
import { metresToMiles } from '@milepost/geo/units';
import { sendJsonText } from '../../platform/json-text';
import { exportStateMiles, stateMilesReportJson, tripStateMilesOf } from './service';

export interface CsvRow {
  truck_id: number;
  unit_number: string;
  state: string;
  source: string;
  metres: number;
  /** A not fileable trip's number (its line has no jurisdiction). */
  number: string | null;
}

const notFileable = (r: CsvRow) => r.state === '' && r.source === 'ESTIMATE';

/**
 * The IFTA worksheet: one line per jurisdiction and truck (and source), miles to one decimal; then
 * each not fileable trip (a straight-line estimate) with no jurisdiction, its miles left out of the
 * Miles column, and a note. OUT is explained in the Note column.
 */
const CSV_COLUMNS: CsvColumn<CsvRow>[] = [
  { header: STATE_MILES_CSV_HEADERS[0], value: (r) => r.state },
  { header: STATE_MILES_CSV_HEADERS[1], value: (r) => r.unit_number },
  { header: STATE_MILES_CSV_HEADERS[2], value: (r) => (notFileable(r) ? '' : oneDecimal(metresToMiles(Number(r.metres)))) },
  { header: STATE_MILES_CSV_HEADERS[3], value: (r) => r.source },
  {
    header: STATE_MILES_CSV_HEADERS[4],
    value: (r) => (notFileable(r) ? `${notFileableNote(r.number)} (${oneDecimal(metresToMiles(Number(r.metres)))} mi estimated)` : jurisdictionNote(r.state)),
  },
];

/** /api/v1/state-miles (api-modules.ts). */
export async function stateMilesRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // PostgreSQL writes the answer's JSON; state-miles.test.ts parses it with the response schema.

  route(r, routes.stateMiles.list, async (req, reply) => sendJsonText(req, reply, ['{"data":', ...(await stateMilesReportJson(deps.db, req.query)), '}']), {
    compress: false,
  });

  // Read on an export session like every CSV download (docs/deploy.md "Exports"): 503 EXPORTS_BUSY when all are in use.

  route(r, routes.stateMiles.exportCsv, async (req, reply) => {
    const csv = await exportStateMiles(deps.exports, req.query, CSV_COLUMNS, (err) => req.log.error({ err }, 'state miles CSV export failed'));
    return csvReply(reply, stateMilesFileName(req.query)).send(csv);
  });
}

/** The spec's paths this module serves outside /state-miles (listed in api-modules.ts OUTSIDE_PREFIX). */
export async function stateMilesRoutesOutsidePrefix(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.stateMiles.tripStateMiles, async (req) => ({ data: await tripStateMilesOf(deps.db, req.params.id) }));
}
