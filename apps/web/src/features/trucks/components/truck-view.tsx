import type { TruckRow } from '@milepost/contracts/trucks-api';
import { useQuery } from '@tanstack/react-query';
import { formatDisplayDateTime } from '@/lib/date-format';
import { truckQueryOptions } from '../api/trucks-api';

const coordinate = (value: number | null) => (value === null ? '—' : value.toFixed(6));

/** 'View Truck' (docs/product/admin.md Trucks): every field read-only, with the Vehicle ID. */
export function TruckView({ truck: row }: { truck: TruckRow }) {
  const fresh = useQuery({ ...truckQueryOptions(row.id), staleTime: 0 });
  const truck = fresh.data ?? row;
  const fields: [string, string][] = [
    ['ID', String(truck.id)],
    ['Unit Number', truck.unitNumber],
    ['Vehicle ID', truck.vehicleId ?? '—'],
    ['GLE VIN', truck.vinNumber],
    ['Samsara VIN', truck.samsaraVin],
    ['License Plate', truck.licencePlate],
    ['Company', truck.companyName ?? '—'],
    ['Driver', truck.driverNames.join(', ') || '—'],
    ['Assigned User', truck.assignUserName ?? '—'],
    ['Home Location', truck.homeLocation || '—'],
    ['Home Latitude', coordinate(truck.homeLatitude)],
    ['Home Longitude', coordinate(truck.homeLongitude)],
    ['Status', truck.active ? 'Active' : 'Inactive'],
    ['Updated', formatDisplayDateTime(truck.updated)],
  ];
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
      {fields.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
