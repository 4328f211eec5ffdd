import {
  APPROVE_MAX_ITEMS,
  REVIEW_FLAG_LABELS,
  REVIEW_STATUSES,
  REVIEW_STATUS_LABELS,
  PAY_BASIS_LABELS,
  queueRuleText,
  type ApproveResultItem,
  type ApproveStatus,
  type ReviewPage,
  type ReviewRow,
  type ReviewStatus,
} from "@milepost/contracts/mileage-review-api";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { SortingState } from "@tanstack/react-table";
import { CheckCheck, Download } from "lucide-react";
import { createContext, useContext, useMemo, useState } from "react";
import { DATE_COLUMN_SIZE, DateCell, TextCell } from "@/components/data-table/columns";
import { DataTable } from "@/components/data-table/data-table";
import {
  dataTableColumnHelper,
  type DataTableColumnDef,
} from "@/components/data-table/data-table-features";
import { useInfiniteTableSource } from "@/components/data-table/table-source";
import {
  RefreshButton,
  refreshList,
  tableTotalText,
} from "@/components/data-table/table-toolbar";
import { HeaderBar } from "@/components/layout/header-bar";
import { ScreenBody } from "@/components/layout/screen";
import { toast } from "@/components/layout/toasts";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { useConfirmDialog } from "@/components/ui/confirm-dialog";
import { DatePicker } from "@/components/ui/date-picker";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Tooltip } from "@/components/ui/tooltip";
import { dayToWire, wireToDay } from "@/lib/date-format";
import { formatCentral } from "@milepost/contracts/time";
import { EstimateFigure } from "@/components/estimate-figure";
import {
  CompanyFilter,
  LookupFilter,
  TruckFilter,
  chosenOption,
} from "@/components/filters/filter-controls";
import {
  PER_TRIP,
  mileageHeader,
  milesNumber,
  milesText,
  sentenceIn,
} from "@/lib/distance-format";
import { errorText } from "@/lib/error-messages";
import { useRouteSettings } from "@/lib/route-settings";
import type { DistanceUnit } from "@milepost/geo/units";
import { driverLookup } from "@/lib/lookups";
import { usePermissions } from "@/lib/permissions";
import { useIsMobile } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";
import {
  approveTrips,
  downloadSettlementCsv,
  getReadyItems,
  reviewListQueryOptions,
  type ReviewFilters,
} from "../api/mileage-review-api";
import type { MileageReviewSearch } from "../mileage-review-search";

export const APPROVE_SELECTED_LABEL = "Approve selected";
export const APPROVE_ALL_LABEL = "Approve all ready in this filter";
export const EDIT_PERMISSION = "CAN_EDIT_MILEAGE_REPORT_TRIP";
/** Shown while trips of the filter are behind their company's new pay rule (the API's `recomputing`; docs/mileage-review.md). */
export const RECOMPUTING_TEXT =
  "Recomputing for the new rule: some trips still show the previous pay rule and are not approved by rule until they are done.";
/** How often the page asks again while it is recomputing, so the tabs and rows follow the job. */
const RECOMPUTING_REFRESH_MS = 5_000;
const APPROVE_WORDS: Record<ApproveStatus, string> = {
  APPROVED: "approved",
  STALE_VERSION: "changed meanwhile",
  STALE_RULE: "being recomputed for the new rule",
  NOT_READY: "no longer ready",
  NOT_FOUND: "not found",
};


/** "12 approved · 1 changed meanwhile": the per-status counts of an approval, in words. */
export function approvalSummary(results: { status: ApproveStatus }[]): string {
  const counts = new Map<ApproveStatus, number>();
  for (const r of results)
    counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return (Object.keys(APPROVE_WORDS) as ApproveStatus[])
    .filter((s) => counts.get(s))
    .map((s) => `${counts.get(s)} ${APPROVE_WORDS[s]}`)
    .join(" · ");
}

/** How many trips not approved the warning names one by one; the rest are counted. */
export const NOT_APPROVED_NAMED = 8;

/**
 * Why one trip was not approved, naming it: "LD-2: changed by Rita User at 11/27/2026 14:15 CT",
 * "LD-3: not ready (it needs review)" (docs/mileage-review.md "Screen").
 */
export function notApprovedLine(r: ApproveResultItem): string {
  const name = r.number ?? `#${r.tripId}`;
  const when = r.changedAt ? ` at ${formatCentral(r.changedAt, "MM/dd/yyyy HH:mm")} CT` : "";
  switch (r.status) {
    case "STALE_VERSION":
      return `${name}: changed by ${r.changedBy ?? "someone else"}${when}`;
    case "NOT_READY":
      return `${name}: not ready (it needs review or was approved meanwhile)`;
    case "STALE_RULE":
      return `${name}: being recomputed for the new rule`;
    default:
      return `${name}: not found`;
  }
}

/** The trips an approval left unapproved, each with its reason, as the warning's lines. */
export function notApprovedLines(results: ApproveResultItem[]): string[] {
  const missed = results.filter((r) => r.status !== "APPROVED");
  const lines = missed.slice(0, NOT_APPROVED_NAMED).map(notApprovedLine);
  if (missed.length > NOT_APPROVED_NAMED)
    lines.push(`and ${missed.length - NOT_APPROVED_NAMED} more`);
  return lines;
}

/** Approves in calls of 500 (the API's limit), reporting progress; answers every item's status. */
export async function approveInBatches(
  items: { tripId: number; version: number }[],
  onProgress: (done: number) => void,
) {
  const results: ApproveResultItem[] = [];
  for (let i = 0; i < items.length; i += APPROVE_MAX_ITEMS) {
    const answer = await approveTrips(items.slice(i, i + APPROVE_MAX_ITEMS));
    results.push(...answer.results);
    onProgress(results.length);
  }
  return results;
}

/** Flag chips shown in a row's one line; the rest behind "+N". */
export const VISIBLE_FLAGS = 2;
/**
 * The Flags column's narrowest width: with every other column at what its content needs, the
 * whole row (Load/Trailer to Payable, and the Ready tab's checkboxes) fits a 1366 px laptop with
 * the sidebar open (docs/mileage-review.md#screen). The flags take most of the spare width: about
 * 190 px there on Needs review (two chips, shortened with an ellipsis when both are long), much
 * more on a wide screen.
 */
export const FLAGS_COLUMN_SIZE = 138;

const CHIP =
  "rounded-full border border-amber-500/50 bg-amber-50 px-1.5 py-px text-[11px] whitespace-nowrap text-amber-800 dark:bg-amber-950 dark:text-amber-200";

/** The flags' sentences in the user's unit (the server writes them in miles). */
const FlagUnitContext = createContext<DistanceUnit>("MILES");

function FlagChips({ row }: { row: ReviewRow }) {
  const unit = useContext(FlagUnitContext);
  const flagText = (f: ReviewRow["flags"][number]) => `${REVIEW_FLAG_LABELS[f.code]}: ${sentenceIn(f.sentence, unit)}`;
  if (!row.flags.length)
    return <span className="text-muted-foreground">—</span>;
  // One line: the table's rows have one height. A third chip would be cut off with its tooltip,
  // so the rest sit behind a "+N" chip: its tooltip (hover, keyboard focus) and its name list
  // them, and a press (a phone's tap) opens the same list (docs/mileage-review.md#screen). The
  // two widest names with "+N" overflow the column by a few pixels: the two chips shrink (an
  // ellipsis; their full name is in their tooltip and accessible name), "+N" never does.
  const shown = row.flags.slice(0, VISIBLE_FLAGS);
  const rest = row.flags.slice(VISIBLE_FLAGS);
  const flagLine = (f: ReviewRow["flags"][number]) => (
    <>
      <span className="font-medium">{REVIEW_FLAG_LABELS[f.code]}</span>: {sentenceIn(f.sentence, unit)}
    </>
  );
  const restList = (
    <ul className="space-y-1">
      {rest.map((f, i) => (
        <li key={`${f.code}-${i}`}>{flagLine(f)}</li>
      ))}
    </ul>
  );
  return (
    <span className="flex min-w-0 flex-nowrap gap-1 overflow-hidden">
      {shown.map((f, i) => (
        <Tooltip key={`${f.code}-${i}`} label={flagLine(f)}>
          <span tabIndex={0} data-flag={f.code} aria-label={flagText(f)} className={`${CHIP} min-w-0 truncate`}>
            {REVIEW_FLAG_LABELS[f.code]}
          </span>
        </Tooltip>
      ))}
      {rest.length > 0 && (
        <Popover>
          <Tooltip label={restList}>
            <PopoverTrigger asChild>
              <button
                type="button"
                data-flag-more={rest.length}
                aria-label={`${rest.length} more ${rest.length === 1 ? "flag" : "flags"}: ${rest.map(flagText).join("; ")}`}
                className={`${CHIP} shrink-0 cursor-pointer`}
                onClick={(event) => event.stopPropagation()}
              >
                +{rest.length}
              </button>
            </PopoverTrigger>
          </Tooltip>
          <PopoverContent className="w-72 text-xs" onClick={(event) => event.stopPropagation()}>
            {restList}
          </PopoverContent>
        </Popover>
      )}
    </span>
  );
}

/**
 * The rows' selection, read by the select cells through context: a cell follows the selection
 * without the table's columns being built again.
 */
interface Selection {
  selected: ReadonlySet<number>;
  rows: readonly ReviewRow[];
  toggle: (id: number) => void;
  toggleAll: (on: boolean) => void;
}
const SelectionContext = createContext<Selection>({
  selected: new Set(),
  rows: [],
  toggle: () => {},
  toggleAll: () => {},
});

function SelectAll() {
  const { selected, rows, toggleAll } = useContext(SelectionContext);
  const all = rows.length > 0 && rows.every((r) => selected.has(r.tripId));
  const some = rows.some((r) => selected.has(r.tripId));
  return (
    <Checkbox
      aria-label="Select all loaded rows"
      checked={all ? true : some ? "indeterminate" : false}
      onCheckedChange={(v) => toggleAll(v === true)}
    />
  );
}

function SelectRow({ row }: { row: ReviewRow }) {
  const { selected, toggle } = useContext(SelectionContext);
  return (
    <Checkbox
      aria-label={`Select ${row.number ?? row.tripId}`}
      checked={selected.has(row.tripId)}
      onCheckedChange={() => toggle(row.tripId)}
    />
  );
}

function columns(o: {
  selectable: boolean;
  open: (row: ReviewRow) => void;
  /** The user's distance unit (route settings): figures and headers follow it (issue 20 point 5). */
  unit: DistanceUnit;
}): DataTableColumnDef<ReviewRow>[] {
  const h = dataTableColumnHelper<ReviewRow>();
  const figure = (miles: number | null | undefined) => milesNumber(miles, o.unit);
  const header = (label: string) => mileageHeader(label, o.unit);
  return [
    ...(o.selectable
      ? [
          h.display({
            id: "select",
            header: () => <SelectAll />,
            meta: { label: "Select", size: 36, grow: 0, pin: "start" },
            cell: ({ row }) => <SelectRow row={row.original} />,
          }),
        ]
      : []),
    h.display({
      id: "tripNumber",
      header: "Load/Trailer",
      meta: { label: "Load/Trailer", size: 96 },
      cell: ({ row }) => (
        <button
          type="button"
          className="min-w-0 truncate text-left text-primary underline-offset-2 hover:underline"
          title={`${row.original.number ?? `#${row.original.tripId}`}: open the Mileage Report`}
          onClick={() => o.open(row.original)}
        >
          {row.original.number ?? `#${row.original.tripId}`}
        </button>
      ),
    }),
    h.display({
      id: "unitNumber",
      header: "Unit",
      meta: { label: "Unit", size: 56, grow: 0 },
      cell: ({ row }) => <TextCell value={row.original.unitNumber} />,
    }),
    h.display({
      id: "driverName",
      header: "Driver",
      meta: { label: "Driver", size: 112 },
      cell: ({ row }) => <TextCell value={row.original.driverName} />,
    }),
    h.display({
      id: "companyName",
      header: "Company",
      meta: { label: "Company", size: 88 },
      cell: ({ row }) => <TextCell value={row.original.companyName} />,
    }),
    h.accessor("endDateTime", {
      id: "endDateTime",
      header: "End (CT)",
      meta: { label: "End (CT)", size: DATE_COLUMN_SIZE, grow: 0 },
      cell: ({ row }) => <DateCell value={row.original.endDateTime} />,
    }),
    h.accessor("routedMiles", {
      id: "routedMiles",
      header: header("Routed"),
      meta: { label: header("Routed"), size: 88, grow: 0, align: "end" },
      cell: ({ row }) =>
        row.original.routeSource === "ESTIMATE" &&
        row.original.routedMiles !== null ? (
          <EstimateFigure basis={PER_TRIP} unit={o.unit}>
            {figure(row.original.routedMiles)}
          </EstimateFigure>
        ) : (
          <span title="HERE route" className="tabular-nums">
            {figure(row.original.routedMiles)}
          </span>
        ),
    }),
    h.accessor("actualMiles", {
      id: "actualMiles",
      header: header("Actual"),
      meta: { label: header("Actual"), size: 76, grow: 0, align: "end" },
      cell: ({ row }) => {
        const c = row.original.actualCoverage;
        const partial = c !== null && c.legsMeasured < c.legs;
        const coverage = c
          ? `${c.legsMeasured} of ${c.legs} legs measured (${Math.round(c.pct)} % of the planned miles)`
          : null;
        return (
          <span
            title={
              row.original.actualSource
                ? `${row.original.actualSource}${coverage ? `: ${coverage}` : ""}`
                : "No telematics"
            }
            className="tabular-nums"
            data-coverage={c ? `${c.legsMeasured}/${c.legs}` : undefined}
          >
            {figure(row.original.actualMiles)}
            {partial && (
              <span className="ml-0.5 text-[10px] text-amber-700 dark:text-amber-300" aria-label={`, ${coverage}`}>
                {c.legsMeasured}/{c.legs}
              </span>
            )}
          </span>
        );
      },
    }),
    h.accessor("differencePct", {
      id: "differencePct",
      header: "Diff %",
      meta: { label: "Diff %", size: 80, grow: 0, align: "end" },
      cell: ({ row }) => (
        <span className="tabular-nums">
          {row.original.differencePct === null
            ? "—"
            : `${row.original.differencePct.toFixed(1)} %`}
        </span>
      ),
    }),
    h.display({
      id: "flags",
      header: "Flags",
      meta: { label: "Flags", size: FLAGS_COLUMN_SIZE, grow: 3 },
      cell: ({ row }) => <FlagChips row={row.original} />,
    }),
    h.display({
      id: "suggested",
      header: header("Suggested"),
      meta: { label: header("Suggested"), size: 84, grow: 0, align: "end" },
      cell: ({ row }) => (
        <span
          className="tabular-nums"
          title={`By rule: ${PAY_BASIS_LABELS[row.original.suggested.basis]}${row.original.suggested.from ? ` (${row.original.suggested.from === "ROUTED" ? "routed" : "GPS"} figures)` : ""}`}
        >
          {figure(row.original.suggested.payableMileage)}
        </span>
      ),
    }),
    h.accessor("payableMileage", {
      id: "payableMileage",
      header: header("Payable"),
      meta: { label: header("Payable"), size: 84, grow: 0, align: "end" },
      cell: ({ row }) => (
        <span className="tabular-nums">
          {figure(row.original.payableMileage)}
        </span>
      ),
    }),
  ];
}

/**
 * The Mileage Review screen (docs/mileage-review.md): completed trips in three tabs — Needs review
 * (with the reasons as chips), Ready (approvable by the company's rule) and Approved — filtered by
 * company, truck, driver and period; a row opens the trip's Mileage Report.
 */
export function MileageReviewScreen({
  title,
  search,
  onSearchChange,
  onOpenTrip,
}: {
  title: string;
  search: MileageReviewSearch;
  onSearchChange: (patch: Partial<MileageReviewSearch>) => void;
  /** Opens the trip's Mileage Report (the route composes it). */
  onOpenTrip: (trip: { id: number; number: string }) => void;
}) {
  const status: ReviewStatus = search.status ?? "NEEDS_REVIEW";
  const filters: ReviewFilters = {
    companyId: search.companyId,
    truckId: search.truckId,
    driverId: search.driverId,
    fromDate: search.fromDate,
    toDate: search.toDate,
  };
  const query = useInfiniteQuery({
    ...reviewListQueryOptions(status, filters, search.sort),
    refetchInterval: (q) =>
      (q.state.data?.pages[0] as ReviewPage | undefined)?.recomputing
        ? RECOMPUTING_REFRESH_MS
        : false,
  });
  const source = useInfiniteTableSource(query);
  const first = query.data?.pages[0] as ReviewPage | undefined;
  const { has } = usePermissions();
  const canApprove = has(EDIT_PERMISSION);
  const selectable = canApprove && status === "READY";
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [progress, setProgress] = useState<{
    done: number;
    total: number;
  } | null>(null);
  const [exporting, setExporting] = useState(false);
  const { confirm, dialog } = useConfirmDialog();
  const mobile = useIsMobile();

  const filterKey = JSON.stringify([status, filters]);
  const [selectionKey, setSelectionKey] = useState(filterKey);
  if (selectionKey !== filterKey) {
    // Another tab or filter: what was selected is no longer on screen.
    setSelectionKey(filterKey);
    setSelected(new Set());
  }

  const rows = source.rows;
  const { distanceUnit } = useRouteSettings();
  const cols = useMemo(
    () =>
      columns({
        selectable,
        open: (row) =>
          onOpenTrip({
            id: row.tripId,
            number: row.number ?? `#${row.tripId}`,
          }),
        unit: distanceUnit,
      }),
    [selectable, onOpenTrip, distanceUnit],
  );
  const selection = useMemo<Selection>(
    () => ({
      selected,
      rows,
      toggle: (id) =>
        setSelected((s) => {
          const next = new Set(s);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        }),
      toggleAll: (on) =>
        setSelected(on ? new Set(rows.map((r) => r.tripId)) : new Set()),
    }),
    [selected, rows],
  );
  const sorting: SortingState = search.sort
    ? [{ id: search.sort.split(",")[0]!, desc: search.sort.endsWith(",desc") }]
    : [];

  const runApproval = async (items: { tripId: number; version: number }[]) => {
    setProgress({ done: 0, total: items.length });
    try {
      const results = await approveInBatches(items, (done) =>
        setProgress({ done, total: items.length }),
      );
      setSelected(new Set());
      // Trips not approved are named with their reason in a warning, never in a success toast.
      const missed = notApprovedLines(results);
      if (missed.length)
        toast.warning(`Mileage Review: ${approvalSummary(results)}`, {
          description: (
            <ul className="mt-1 space-y-0.5" data-testid="not-approved">
              {missed.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ),
          duration: 20_000,
          closeButton: true,
        });
      else toast.success(`Mileage Review: ${approvalSummary(results)}`);
      await query.refetch();
    } catch (error) {
      toast.error(errorText(error));
      throw error;
    } finally {
      setProgress(null);
    }
  };

  const approveSelected = () => {
    const items = rows.filter((r) => selected.has(r.tripId));
    const miles = items.reduce(
      (s, r) => s + (r.suggested.payableMileage ?? 0),
      0,
    );
    confirm({
      title: `Approve ${items.length} trip${items.length === 1 ? "" : "s"} by rule?`,
      description: `Their payable miles are set to the suggestion: ${milesText(miles, distanceUnit)} in total.`,
      confirmLabel: "Approve",
      onConfirm: () =>
        runApproval(
          items.map((r) => ({ tripId: r.tripId, version: r.version })),
        ),
    });
  };

  const approveAll = async () => {
    try {
      const ready = await getReadyItems(filters);
      if (!ready.items.length) {
        toast("No ready trips in this filter");
        return;
      }
      confirm({
        title: `Approve all ${ready.items.length} ready trips in this filter?`,
        description: `Their payable miles are set to the suggestion by each company's rule: ${milesText(ready.totalMiles, distanceUnit)} in total.${ready.truncated ? " (The first 10,000; run it again for the rest.)" : ""}`,
        confirmLabel: "Approve all",
        onConfirm: () =>
          runApproval(
            ready.items.map((i) => ({ tripId: i.tripId, version: i.version })),
          ),
      });
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const exportCsv = async (groupBy: "trip" | "driver") => {
    setExporting(true);
    try {
      await downloadSettlementCsv({
        companyId: filters.companyId,
        fromDate: filters.fromDate,
        toDate: filters.toDate,
        groupBy,
      });
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  const filterControls = (
    <>
      <CompanyFilter
        id="review-filter-company"
        className="w-40 max-md:w-full"
        search={search}
        onSearchChange={onSearchChange}
      />
      <TruckFilter
        id="review-filter-truck"
        className="w-32 max-md:w-full"
        search={search}
        onSearchChange={onSearchChange}
      />
      <LookupFilter
        id="review-filter-driver"
        label="Driver"
        className="w-40 max-md:w-full"
        value={chosenOption(search.driverId, search.driverLabel)}
        onChange={(o) =>
          onSearchChange({ driverId: o?.id, driverLabel: o?.label })
        }
        {...driverLookup}
        placeholder="All drivers"
        searchPlaceholder="Search drivers..."
        clearLabel="Clear driver"
      />
      <div
        className="flex flex-wrap items-center gap-1"
        role="group"
        aria-label="Period"
      >
        <DatePicker
          aria-label="From date"
          placeholder="From"
          className="w-32 max-md:flex-1"
          value={wireToDay(search.fromDate)}
          onChange={(day) =>
            onSearchChange({ fromDate: dayToWire(day, false) })
          }
        />
        <DatePicker
          aria-label="To date"
          placeholder="To"
          className="w-32 max-md:flex-1"
          value={wireToDay(search.toDate)}
          onChange={(day) => onSearchChange({ toDate: dayToWire(day, true) })}
        />
      </div>
      <RefreshButton
        onClick={() => void refreshList(query.refetch)}
        busy={source.isUpdating}
      />
    </>
  );

  return (
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(
          first ? source.totalCount : undefined,
          "trips",
          source.totalIsEstimate,
        )}
        filters={filterControls}
        actions={
          <Button
            variant="outline"
            size={mobile ? "icon" : "default"}
            title="Settlement CSV"
            disabled={exporting}
            onClick={() => void exportCsv("trip")}
          >
            <Download aria-hidden />
            <span className={cn(mobile && "sr-only")}>
              {exporting ? "Exporting..." : "Settlement CSV"}
            </span>
          </Button>
        }
      />
      <ScreenBody className="overflow-hidden">
        <div className="flex shrink-0 flex-wrap items-center gap-2 border-b px-3 py-2">
          <div role="tablist" aria-label="Review status" className="flex gap-1">
            {REVIEW_STATUSES.map((s) => {
              const n = first?.counts[s];
              const capped = first?.countsCapped.includes(s);
              return (
                <button
                  key={s}
                  type="button"
                  role="tab"
                  aria-selected={s === status}
                  className={cn(
                    "rounded-md px-2.5 py-1 text-sm whitespace-nowrap",
                    s === status
                      ? "bg-primary text-primary-foreground"
                      : "hover:bg-muted",
                  )}
                  onClick={() => onSearchChange({ status: s, sort: undefined })}
                >
                  {REVIEW_STATUS_LABELS[s]}
                  <span className="ml-1.5 tabular-nums opacity-80">
                    {n === undefined
                      ? ""
                      : capped
                        ? `${(n - 1).toLocaleString("en-US")}+`
                        : n.toLocaleString("en-US")}
                  </span>
                </button>
              );
            })}
          </div>
          {status === "READY" && canApprove && (
            <div className="flex flex-wrap gap-2 sm:ml-auto">
              <Button
                size="sm"
                disabled={selected.size === 0 || progress !== null}
                onClick={approveSelected}
              >
                <CheckCheck aria-hidden />
                {APPROVE_SELECTED_LABEL}
                {selected.size ? ` (${selected.size})` : ""}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={!first?.counts.READY || progress !== null}
                onClick={() => void approveAll()}
              >
                {APPROVE_ALL_LABEL}
              </Button>
            </div>
          )}
          {status === "APPROVED" && (
            <Button
              size="sm"
              variant="outline"
              className="sm:ml-auto"
              disabled={exporting}
              onClick={() => void exportCsv("driver")}
            >
              <Download aria-hidden /> Settlement by driver
            </Button>
          )}
          {first?.rule && (
            <p className="w-full text-xs text-muted-foreground" data-testid="review-rule">
              {queueRuleText(first.rule.companyName, first.rule.sentence)}
            </p>
          )}
          {first?.recomputing && (
            <p
              role="status"
              className="w-full text-xs text-muted-foreground"
              data-testid="review-recomputing"
            >
              {RECOMPUTING_TEXT}
            </p>
          )}
          {progress && (
            <div className="flex w-full items-center gap-2 text-xs text-muted-foreground">
              <progress
                className="h-2 flex-1 accent-primary"
                aria-label="Approving"
                max={progress.total}
                value={progress.done}
              />
              <span className="tabular-nums">
                {progress.done} / {progress.total}
              </span>
            </div>
          )}
        </div>
        <div className="flex min-h-0 flex-1 flex-col">
          <FlagUnitContext.Provider value={distanceUnit}>
          <SelectionContext.Provider value={selection}>
            <DataTable
              tableId={`mileage-review-${status === "READY" && canApprove ? "ready" : "list"}`}
              label="Mileage Review"
              columns={cols}
              source={source}
              getRowId={(r) => String(r.tripId)}
              sorting={sorting}
              onSortingChange={(s) =>
                onSearchChange({
                  sort: s[0]
                    ? `${s[0].id},${s[0].desc ? "desc" : "asc"}`
                    : undefined,
                })
              }
            />
          </SelectionContext.Provider>
          </FlagUnitContext.Provider>
        </div>
      </ScreenBody>
      {dialog}
    </>
  );
}
