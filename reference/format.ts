/** How the reference renders values the spec fixes the form of. */
import type { FaultSet } from './faults/index.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS`, in UTC (Conventions: Timestamps). */
export function formatTimestamp(date: Date, faults: FaultSet): string {
  if (faults.has('timestamps-iso')) return date.toISOString();
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** `YYYY-MM-DD` of a date, in UTC: what the list's date filters compare. */
export function formatDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export interface Envelope<T> {
  status: string;
  message?: string;
  data: T;
}

export function envelope<T>(message: string, data: T, faults: FaultSet): Envelope<T> {
  const body: Envelope<T> = { status: faults.has('envelope-status-ok') ? 'ok' : 'success', message, data };
  if (faults.has('envelope-no-message')) delete body.message;
  return body;
}

export interface ErrorBody {
  status: 'error';
  message: string;
  errors?: Record<string, string[]>;
}

export function errorBody(message: string, errors?: Record<string, string[]>): ErrorBody {
  return errors ? { status: 'error', message, errors } : { status: 'error', message };
}
