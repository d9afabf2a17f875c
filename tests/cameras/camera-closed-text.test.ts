import { describe, expect, it } from 'vitest';
import { cameraClosedText } from '../../src/shared/schemas/cameras';

describe('the message when a child has gone home', () => {
  it("names the child by first name with the pronouns their family gave, and 'they' when none", () => {
    expect(cameraClosedText('departed', { name: 'Maya Thompson', pronouns: 'she' })).toBe("Maya has gone home for the day — the camera is available again when she's checked in.");
    expect(cameraClosedText('departed', { name: 'Leo Thompson', pronouns: 'he' })).toBe("Leo has gone home for the day — the camera is available again when he's checked in.");
    expect(cameraClosedText('departed', { name: 'Sam Vance', pronouns: 'they' })).toBe("Sam has gone home for the day — the camera is available again when they're checked in.");
    expect(cameraClosedText('departed', { name: 'Nora Thompson', pronouns: null })).toBe("Nora has gone home for the day — the camera is available again when they're checked in.");
  });
});
