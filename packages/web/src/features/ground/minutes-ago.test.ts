import { describe, expect, it } from 'vitest';
import {
  happenedAt,
  MAX_MINUTES_AGO,
  minutesFromSlider,
  parseMinutesAgo,
  SLIDER_MAX,
  SLIDER_MIN,
  sliderFromMinutes,
} from './minutes-ago.ts';

describe('minutesFromSlider', () => {
  it('maps now to 0 minutes and the far left to the maximum', () => {
    expect(minutesFromSlider(SLIDER_MAX)).toBe(0);
    expect(minutesFromSlider(SLIDER_MIN)).toBe(600);
    expect(MAX_MINUTES_AGO).toBe(600);
  });

  it('is logarithmic: the right half covers the first half hour, fine steps near now', () => {
    expect(minutesFromSlider(-250)).toBe(24);
    expect(minutesFromSlider(-100)).toBe(3);
    expect(minutesFromSlider(-400)).toBe(166);
    // Near now a few positions read the same whole minute.
    expect(minutesFromSlider(-20)).toBe(0);
  });

  it('gives whole minutes that never decrease as the slider moves left', () => {
    let previous = 0;
    for (let position = SLIDER_MAX; position >= SLIDER_MIN; position--) {
      const minutes = minutesFromSlider(position);
      expect(Number.isInteger(minutes)).toBe(true);
      expect(minutes).toBeGreaterThanOrEqual(previous);
      previous = minutes;
    }
  });

  it('clamps positions outside the track', () => {
    expect(minutesFromSlider(10)).toBe(0);
    expect(minutesFromSlider(-900)).toBe(600);
  });
});

describe('sliderFromMinutes', () => {
  it('maps 0 to now and the maximum to the far left', () => {
    expect(sliderFromMinutes(0)).toBe(0);
    expect(Object.is(sliderFromMinutes(0), -0)).toBe(false);
    expect(sliderFromMinutes(600)).toBe(-500);
    expect(sliderFromMinutes(5000)).toBe(-500);
    expect(sliderFromMinutes(-3)).toBe(0);
  });

  it('round-trips every minute of the first hour exactly', () => {
    for (let minutes = 0; minutes <= 60; minutes++) expect(minutesFromSlider(sliderFromMinutes(minutes))).toBe(minutes);
  });

  it('puts any slider reading back on a position with the same reading', () => {
    for (let position = SLIDER_MAX; position >= SLIDER_MIN; position--) {
      const minutes = minutesFromSlider(position);
      expect(minutesFromSlider(sliderFromMinutes(minutes))).toBe(minutes);
    }
  });

  it('lands within one slider step of a long time ago', () => {
    const minutes = minutesFromSlider(sliderFromMinutes(250));
    expect(Math.abs(minutes - 250)).toBeLessThanOrEqual(3);
  });
});

describe('parseMinutesAgo', () => {
  it('reads whole minutes from 0 to 600', () => {
    expect(parseMinutesAgo('0')).toBe(0);
    expect(parseMinutesAgo(' 5 ')).toBe(5);
    expect(parseMinutesAgo('600')).toBe(600);
  });

  it('refuses empty, negative, fractional, too large and non-numbers', () => {
    for (const text of ['', '  ', '-1', '2.5', '601', '1e2', 'five', '10000']) expect(parseMinutesAgo(text)).toBeNull();
  });
});

describe('happenedAt', () => {
  it('is now less the minutes', () => {
    expect(happenedAt(1_750_000_000_000, 0)).toBe(1_750_000_000_000);
    expect(happenedAt(1_750_000_000_000, 5)).toBe(1_749_999_700_000);
  });
});
