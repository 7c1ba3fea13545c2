import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type LicenseAssignRequest,
  type LicenseBatchCreateRequest,
  type LicenseBatchListQuery,
  type LicenseBindRequest,
  type LicenseIssueRequest,
  type LicenseKeyBindRequest,
  type LicenseKeyCreateRequest,
  type LicenseKeyQuery,
  type LicenseRemindRequest,
  licenseOperations as ops,
  licenseRemindOperations as remindOps,
  type TrialDeviceQuery,
  type TrialTerms,
  type TrialUsageQuery,
  type WhitelistAddRequest,
  type WhitelistListQuery,
} from '@vitrine/contract';
import { call } from '../../lib/call';
import { deviceKeys } from '../device/api';

// Licences (/manager/license): the platform's batches, the customer's and the company's pools.
// Every write changes balances on all three levels, so each invalidates the whole area; a write that
// changes a device's licence (binding, the whitelist) the devices too, whose items carry it.

export const licenseKeys = {
  all: ['license'] as const,
  batches: (query: LicenseBatchListQuery) => [...licenseKeys.all, 'batch', query] as const,
  customerPool: () => [...licenseKeys.all, 'shunt'] as const,
  companyPool: () => [...licenseKeys.all, 'company-shunt'] as const,
  trialTerms: () => [...licenseKeys.all, 'trial'] as const,
  trialUsage: (query: TrialUsageQuery) => [...licenseKeys.all, 'trial', 'usage', query] as const,
  trialDevices: (query: TrialDeviceQuery) => [...licenseKeys.all, 'trial', 'device', query] as const,
  whitelist: (query: WhitelistListQuery) => [...licenseKeys.all, 'whitelist', query] as const,
  remind: () => [...licenseKeys.all, 'remind'] as const,
  key: (query: LicenseKeyQuery) => [...licenseKeys.all, 'key', query] as const,
  batchKeys: (batchId: number) => [...licenseKeys.all, 'batch', batchId, 'key'] as const,
  health: () => [...licenseKeys.all, 'health'] as const,
};

// Forms show a refusal themselves (above the form), so their calls are silent.
const silent = { silent: true };

export function useBatchList(query: LicenseBatchListQuery) {
  return useQuery({
    queryKey: licenseKeys.batches(query),
    queryFn: ({ signal }) => call(ops.batchList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerPool() {
  return useQuery({
    queryKey: licenseKeys.customerPool(),
    queryFn: ({ signal }) => call(ops.customerPool, {}, { signal }),
  });
}

/** The ledger's integrity check (the platform's licence pages). */
export function useLicenseHealth() {
  return useQuery({
    queryKey: licenseKeys.health(),
    queryFn: ({ signal }) => call(ops.health, {}, { signal }),
  });
}

export function useCompanyPool({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: licenseKeys.companyPool(),
    queryFn: ({ signal }) => call(ops.companyPool, {}, { signal }),
    enabled,
  });
}

function useLicensesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: licenseKeys.all });
}

function useDeviceLicensesChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: licenseKeys.all }),
      queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
    ]);
}

export function useCreateBatch() {
  const changed = useLicensesChanged();
  return useMutation({
    mutationFn: (body: LicenseBatchCreateRequest) => call(ops.batchCreate, { body }, silent),
    onSuccess: changed,
  });
}

/** The platform issues licences of a batch to a customer. */
export function useIssueLicenses() {
  const changed = useLicensesChanged();
  return useMutation({
    mutationFn: ({ batchId, body }: { batchId: number; body: LicenseIssueRequest }) =>
      call(ops.issue, { params: { id: batchId }, body }, silent),
    onSuccess: changed,
  });
}

/** The keys made of a batch (system roles): hints and uses only, never the keys themselves. */
export function useBatchKeys(batchId: number | null) {
  return useQuery({
    queryKey: licenseKeys.batchKeys(batchId ?? 0),
    queryFn: ({ signal }) => call(ops.keyList, { params: { id: batchId ?? 0 } }, { signal }),
    enabled: batchId !== null,
  });
}

/** The platform makes a key of a batch: its answer is the only place the key itself appears. */
export function useCreateBatchKey() {
  const changed = useLicensesChanged();
  return useMutation({
    mutationFn: ({ batchId, body }: { batchId: number; body: LicenseKeyCreateRequest }) =>
      call(ops.keyCreate, { params: { id: batchId }, body }, silent),
    onSuccess: changed,
  });
}

/** A key's batch, uses and the caller's devices it bound; a wrong key counts towards the rate limit. */
export function useKeySearch(key: string | null) {
  return useQuery({
    queryKey: licenseKeys.key({ key: key ?? '' }),
    queryFn: ({ signal }) => call(ops.keySearch, { query: { key: key ?? '' } }, { signal, silent: true }),
    enabled: key !== null,
    // A wrong key is an answer, not a glitch: asking again would only count another wrong key.
    retry: false,
  });
}

/** An owner binds one licence of a key's batch to a device of its company: one use of the key. */
export function useBindByKey() {
  const changed = useDeviceLicensesChanged();
  return useMutation({
    mutationFn: (body: LicenseKeyBindRequest) => call(ops.keyBind, { body }, silent),
    onSuccess: changed,
  });
}

/** A customer assigns licences of a batch to one of its companies: there is no undoing it. */
export function useAssignLicenses() {
  const changed = useLicensesChanged();
  return useMutation({
    mutationFn: (body: LicenseAssignRequest) => call(ops.assign, { body }, silent),
    onSuccess: changed,
  });
}

/** An owner binds one licence of the company's pool to a device; it replaces the one it held. */
export function useBindLicense() {
  const changed = useDeviceLicensesChanged();
  return useMutation({
    mutationFn: (body: LicenseBindRequest) => call(ops.bind, { body }, silent),
    onSuccess: changed,
  });
}

export function useTrialTerms() {
  return useQuery({
    queryKey: licenseKeys.trialTerms(),
    queryFn: ({ signal }) => call(ops.trialTerms, {}, { signal }),
  });
}

/** System roles change the trial terms. */
export function useSaveTrialTerms() {
  const changed = useLicensesChanged();
  return useMutation({
    mutationFn: (body: TrialTerms) => call(ops.trialTermsSave, { body }, silent),
    onSuccess: changed,
  });
}

/** Trials used per company (an owner: its own). */
export function useTrialUsage(query: TrialUsageQuery) {
  return useQuery({
    queryKey: licenseKeys.trialUsage(query),
    queryFn: ({ signal }) => call(ops.trialUsage, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The caller's devices on a trial licence. */
export function useTrialDevices(query: TrialDeviceQuery, enabled: boolean) {
  return useQuery({
    queryKey: licenseKeys.trialDevices(query),
    queryFn: ({ signal }) => call(ops.trialDevices, { query }, { signal }),
    enabled,
  });
}

/** The platform's MAC whitelist, a page of it. */
export function useWhitelist(query: WhitelistListQuery) {
  return useQuery({
    queryKey: licenseKeys.whitelist(query),
    queryFn: ({ signal }) => call(ops.whitelistList, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Adds MAC addresses; a whitelisted device's licence state changes with it. */
export function useAddWhitelist() {
  const changed = useDeviceLicensesChanged();
  return useMutation({
    mutationFn: (body: WhitelistAddRequest) => call(ops.whitelistAdd, { body }, silent),
    onSuccess: changed,
  });
}

export function useDeleteWhitelist() {
  const changed = useDeviceLicensesChanged();
  return useMutation({
    mutationFn: (ids: number[]) => call(ops.whitelistDelete, { body: { ids } }),
    onSuccess: changed,
  });
}

/** The caller's renewal reminder settings (the platform's or its company's). */
export function useLicenseRemind() {
  return useQuery({
    queryKey: licenseKeys.remind(),
    queryFn: ({ signal }) => call(remindOps.remind, {}, { signal }),
  });
}

export function useSaveLicenseRemind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LicenseRemindRequest) => call(remindOps.saveRemind, { body }, silent),
    onSuccess: (state) => queryClient.setQueryData(licenseKeys.remind(), state),
  });
}
