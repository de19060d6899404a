import { describe, expect, it } from 'vitest';
import { gliderUpdateSchema, maintenanceDateProblem } from './fleet.ts';

describe('a glider maintenance date', () => {
  it("is a real day or none; the club's today is kept, a later day is refused", () => {
    expect(maintenanceDateProblem(null, '2025-09-01')).toBeNull();
    expect(maintenanceDateProblem('2025-09-01', '2025-09-01')).toBeNull();
    expect(maintenanceDateProblem('2025-09-02', '2025-09-01')).toBe(
      "The maintenance date must not be in the future: the club's today is 2025-09-01",
    );
  });

  it('is checked by the shared schema: a day that does not exist is refused, null clears it', () => {
    expect(gliderUpdateSchema.safeParse({ maintenanceDate: '2025-02-30' }).success).toBe(false);
    expect(gliderUpdateSchema.safeParse({ maintenanceDate: '2024-02-29' }).success).toBe(true);
    expect(gliderUpdateSchema.safeParse({ maintenanceDate: null }).success).toBe(true);
  });
});
