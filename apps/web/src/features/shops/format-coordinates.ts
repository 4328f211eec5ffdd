/** docs/product/admin.md: coordinates are shown with 6 decimals. */
export const COORDINATE_DECIMALS = 6;

export function formatCoordinate(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(COORDINATE_DECIMALS) : '';
}

/** 'lat, lng' with 6 decimals each; '' when either is missing. */
export function formatCoordinates(latitude: number | null | undefined, longitude: number | null | undefined): string {
  const lat = formatCoordinate(latitude);
  const lng = formatCoordinate(longitude);
  return lat && lng ? `${lat}, ${lng}` : '';
}
