import { describe, expect, it } from 'vitest';
import { flyingText, gliderLogbookPath } from './glider-logbook.ts';

describe('glider logbooks', () => {
  it("links a glider's logbook with its registration in the query, encoded", () => {
    expect(gliderLogbookPath('C-GDSA')).toBe('/gliders?glider=C-GDSA');
    expect(gliderLogbookPath('1-26 #2')).toBe('/gliders?glider=1-26%20%232');
  });

  it('writes figures as flights, h:mm hours and launches, one and many', () => {
    expect(flyingText({ flights: 3, minutes: 105, launches: 4 })).toBe('3 flights · 1:45 hours · 4 launches');
    expect(flyingText({ flights: 1, minutes: 45, launches: 1 })).toBe('1 flight · 0:45 hours · 1 launch');
    expect(flyingText({ flights: 0, minutes: 0, launches: 0 })).toBe('0 flights · 0:00 hours · 0 launches');
  });
});
