import Bowser from 'bowser';
import { deviceKinds, type DeviceDto } from '../../shared/schemas/sessions';

const UNKNOWN: DeviceDto = { description: 'Unknown device', browser: null, os: null, kind: 'unknown' };

/**
 * Names the device a session was started on, from its User-Agent: 'Chrome on macOS', 'Safari on
 * iPhone'. A guess, as every User-Agent reading is; what the browser did not say stays null.
 */
export function describeDevice(userAgent: string | null): DeviceDto {
  if (!userAgent?.trim()) return UNKNOWN;
  const { browser, os, platform } = Bowser.parse(userAgent);
  const browserName = browser.name || null;
  // An iPhone or iPad says more to its owner than 'iOS' does.
  const osName = platform.model || os.name || null;
  const kind = (deviceKinds as readonly string[]).includes(platform.type ?? '') ? (platform.type as DeviceDto['kind']) : 'unknown';
  const description = browserName && osName ? `${browserName} on ${osName}` : (browserName ?? (osName ? `A device running ${osName}` : UNKNOWN.description));
  return { description, browser: browserName, os: os.name || null, kind };
}
