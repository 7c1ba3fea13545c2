import { hash } from 'node:crypto';
import type { Manifest, ProgramKind } from '@vitrine/contract';
import type { Device } from '../../db/schema';
import { type BuildContext, storedProgram } from './builder';
import { companyReach } from './reach';

// What a paired screen plays (GET player/manifest): for now its default program. The version is
// a hash of everything else in the manifest, so it changes exactly when the manifest does; it is
// the answer's ETag.

type ManifestDevice = Pick<Device, 'companyId' | 'defaultProgramKind' | 'defaultProgramId'>;

export const manifestVersion = (content: Omit<Manifest, 'version'>) =>
  hash('sha256', JSON.stringify(content), 'base64url').slice(0, 32);

export async function deviceManifest(ctx: BuildContext, device: ManifestDevice): Promise<Manifest> {
  const { companyId, defaultProgramKind: kind, defaultProgramId: id } = device;
  // An unpaired screen plays nothing; a paired one only what its own company stores.
  const program =
    companyId !== null && kind !== null && id !== null
      ? await storedProgram(ctx, companyReach(companyId), { kind: kind as ProgramKind, id })
      : null;
  const content = { default_program: program };
  return { version: manifestVersion(content), ...content };
}
