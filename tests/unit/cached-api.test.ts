import { describe, expect, it } from 'vitest';
import { keptForOffline } from '@/shared/pwa/cached-api';

describe('the reads the service worker keeps for offline use', () => {
  it('keeps what the screens read of projects, barcodes, the user and locations', () => {
    for (const path of [
      '/api/barcode/project',
      '/api/barcode/project-logo/p1',
      '/api/barcode/barcode',
      '/api/barcode/history',
      '/api/barcode/alert-list',
      '/api/user/profile',
      '/api/location/available-locations',
    ]) {
      expect(keptForOffline(path), path).toBe(true);
    }
  });

  it('never keeps the admin area, operations or downloads', () => {
    for (const path of [
      '/api/admin/me',
      '/api/admin/users',
      '/api/health/ready',
      '/metrics',
      '/api/barcode/epcis',
      '/api/barcode/epcis/project',
      '/api/barcode/ledger/log',
      '/sw.js',
      '/demo@1',
    ]) {
      expect(keptForOffline(path), path).toBe(false);
    }
  });
});
