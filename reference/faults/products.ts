import type { FaultDefinition } from '../faults.ts';

export const productFaults = {
  'create-booking-200': { clause: 'create-booking.created', description: 'Create Booking Product answers 200 instead of 201.' },
  'create-service-type-booking': { clause: 'create-service.created', description: 'Create Service Product answers with `type` = `booking`.' },
  'update-service-201': { clause: 'update-service.ok', description: 'Update Service Product answers 201 instead of 200.' },
} as const satisfies Record<string, FaultDefinition>;
