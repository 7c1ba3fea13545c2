import { forbidden } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';

/** OTA is the platform's: its roles alone hold the ota keys, and the server checks the scope too. */
export function assertPlatform(scope: TenantScope) {
  if (!scope.isPlatform) throw forbidden();
}
