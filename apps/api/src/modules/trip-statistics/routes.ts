import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTE_SOURCE_HEADER } from '@milepost/contracts/route-source';
import { coveragePercent, periodRouteSource, REPORT_COLUMNS, reportFileName, type ReportRow } from '@milepost/contracts/trip-statistics-api';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import { csvLines, csvReply, oneDecimal, type CsvColumn } from '../../platform/csv';
import { reportByPeriod, reportByRange } from './service';

/**
 * The report's CSV: the screen's columns, miles to one decimal, coverage in whole percent, plus the period bounds.
 * It stays in miles whatever the user's unit on screen (docs/decisions/020-one-unit.md), so every distance header says "(mi)".
 */
const CSV_COLUMNS: CsvColumn<ReportRow>[] = [
  ...REPORT_COLUMNS.map(([key, header]) => ({
    header: key === 'dataCoverage' ? `${header} (%)` : key === 'periodGroup' || key === 'truckCount' || key === 'loadCount' ? header : `${header} (mi)`,
    value: (r: ReportRow) =>
      key === 'dataCoverage' ? coveragePercent(r.dataCoverage) : typeof r[key] === 'number' && key !== 'truckCount' && key !== 'loadCount' ? oneDecimal(r[key]) : r[key],
  })),
  // Where the route miles came from, in the trips CSV's words (docs/product/admin.md "Reports").
  { header: ROUTE_SOURCE_HEADER, value: (r) => periodRouteSource(r) },
  { header: 'Trips Without Payable', value: (r) => r.noPayableLoadCount },
  { header: 'Period Start (CT)', value: (r) => r.periodStart },
  { header: 'Period End (CT)', value: (r) => r.periodEnd },
];

export async function tripStatisticsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  route(r, routes.tripStatistics.list, async (req) => ({ data: await reportByRange(deps.db, req.query) }));

  route(r, routes.tripStatistics.periodType, async (req) => ({ data: await reportByPeriod(deps.db, req.query) }));

  route(r, routes.tripStatistics.exportCsv, async (req, reply) => {
    const q = req.query;
    const report = q.periodType
      ? await reportByPeriod(deps.db, { periodType: q.periodType, truckId: q.truckId })
      : await reportByRange(deps.db, { fromDate: q.fromDate!, toDate: q.toDate!, truckId: q.truckId });
    return csvReply(reply, reportFileName(report.grouping)).send(csvLines(CSV_COLUMNS, report.rows, true));
  });
}
