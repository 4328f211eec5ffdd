import type { DuplicateCheckRow } from '@milepost/contracts/trips-api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { TripStatusText } from './trip-status';

export const PRECHECK_QUESTION = 'This number is already used in other trip(s). Matching records are listed below. Do you want to proceed anyway?';

const typeLabel = (type: DuplicateCheckRow['identifierType']) => (type === 'LOAD_NUMBER' ? 'Load' : 'Trailer');

/** Trucks, numbers, drivers and statuses of trips that already use a number. */
export function MatchingTripsTable({ rows }: { rows: readonly DuplicateCheckRow[] }) {
  return (
    <table className="w-full text-sm" aria-label="Matching trips">
      <thead className="text-xs text-muted-foreground">
        <tr className="border-b text-left">
          <th className="py-1 pr-2 font-medium">Truck</th>
          <th className="py-1 pr-2 font-medium">Type</th>
          <th className="py-1 pr-2 font-medium">Number</th>
          <th className="py-1 pr-2 font-medium">Driver</th>
          <th className="py-1 font-medium">Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className="border-b last:border-0">
            <td className="py-1 pr-2">{row.unitNumber}</td>
            <td className="py-1 pr-2">{typeLabel(row.identifierType)}</td>
            <td className="py-1 pr-2">{(row.identifierType === 'LOAD_NUMBER' ? row.loadNumber : row.trailerNumber) ?? ''}</td>
            <td className="py-1 pr-2">{row.driverName}</td>
            <td className="py-1">
              <TripStatusText status={row.tripStatus} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The submit precheck (docs/product/trips.md): the matching trips and No / Yes. */
export function PrecheckDialog({ rows, onAnswer }: { rows: readonly DuplicateCheckRow[] | null; onAnswer: (proceed: boolean) => void }) {
  return (
    <Dialog open={rows !== null} onOpenChange={(open) => !open && onAnswer(false)}>
      <DialogContent className="sm:max-w-xl" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>Number already used</DialogTitle>
          <DialogDescription>{PRECHECK_QUESTION}</DialogDescription>
        </DialogHeader>
        <MatchingTripsTable rows={rows ?? []} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onAnswer(false)}>
            No
          </Button>
          <Button onClick={() => onAnswer(true)}>Yes</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
