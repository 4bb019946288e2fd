import { describe, expect, it } from 'vitest';
import { inSpanish } from '../testing/inSpanish.ts';
import { heightText, numberInputText, weightText } from './format.ts';

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

describe('numbers in Spanish', () => {
  inSpanish();

  it('show heights and weights with a decimal comma', () => {
    expect(weightText({ weightKg: 80.1, weightLbs: 176.6 })).toBe('80,1 kg (176,6 lbs)');
    expect(heightText({ heightCm: 152.4, heightFeet: 5 })).toBe('152,4 cm (5′0″)');
  });

  it('put numbers back into form fields with a decimal comma', () => {
    expect(numberInputText(8.5)).toBe('8,5');
    expect(numberInputText(3, 1)).toBe('3,0');
    expect(numberInputText(null)).toBe('');
  });
});

describe('numbers in English', () => {
  it('show decimals with a point', () => {
    expect(weightText({ weightKg: 80.1, weightLbs: 176.6 })).toBe('80.1 kg (176.6 lbs)');
    expect(numberInputText(8.5)).toBe('8.5');
  });
});
