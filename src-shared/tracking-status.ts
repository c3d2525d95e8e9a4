// The carrier-neutral tracking status scale: each code is one stage of a parcel's journey.
export const TRACKING_STATUSES = [
  { code: 1, key: 'INFO_RECEIVED', label: 'Information received' },
  { code: 2, key: 'PICKED_UP', label: 'Picked up' },
  { code: 3, key: 'IN_TRANSIT', label: 'In transit' },
  { code: 4, key: 'OUT_FOR_DELIVERY', label: 'Out for delivery' },
  { code: 5, key: 'DELIVERED', label: 'Delivered' },
  { code: 6, key: 'DELIVERY_FAILED', label: 'Delivery attempt failed' },
  { code: 7, key: 'AVAILABLE_FOR_PICKUP', label: 'Available for pickup' },
  { code: 8, key: 'EXCEPTION', label: 'Exception' },
  { code: 9, key: 'RETURNED', label: 'Returned to sender' },
  { code: 10, key: 'CANCELLED', label: 'Cancelled' },
] as const;

export type TrackingStatusCode = (typeof TRACKING_STATUSES)[number]['code'];

export function trackingStatusLabel(code: number | null): string {
  if (code === null) return 'No tracking events yet';
  return TRACKING_STATUSES.find((status) => status.code === code)?.label ?? `Status ${code}`;
}

export function isTrackingStatus(code: number): code is TrackingStatusCode {
  return TRACKING_STATUSES.some((status) => status.code === code);
}
