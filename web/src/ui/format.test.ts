import { describe, expect, it } from 'vitest';
import { heightText, weightText } from './format.ts';

describe('heightText and weightText', () => {
  it('give the metric figure, with the imperial one when the athlete gave it', () => {
    expect(heightText({ heightCm: 178, heightFeet: 5, heightInches: 10 })).toBe('178 cm (5′10″)');
    expect(heightText({ heightCm: 183, heightFeet: 6 })).toBe('183 cm (6′0″)');
    expect(heightText({ heightCm: 170 })).toBe('170 cm');
    expect(weightText({ weightKg: 72, weightLbs: 159 })).toBe('72 kg (159 lbs)');
    expect(weightText({ weightKg: 72 })).toBe('72 kg');
  });

  it('give nothing without the metric figure, so the fact reads "not provided"', () => {
    expect(heightText({ heightFeet: 5, heightInches: 10 })).toBeUndefined();
    expect(weightText({ weightLbs: 159 })).toBeUndefined();
  });
});
