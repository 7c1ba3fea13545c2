import type { DeviceCommand } from '@vitrine/contract';
import { useState } from 'react';
import { useSendCommand } from '../control-api';

/** A command sent from a control: its id once the server took it (null while sending), or the refusal. */
export type CommandRun = { commandId: number | null } | { error: unknown };

/** Sends commands to one device and remembers the latest one of each control for its acknowledgement. */
export function useCommandRuns(deviceId: number) {
  const send = useSendCommand(deviceId);
  const [runs, setRuns] = useState<Record<string, CommandRun>>({});
  const set = (control: string, run: CommandRun) => setRuns((current) => ({ ...current, [control]: run }));

  const run = (control: string, command: DeviceCommand) => {
    set(control, { commandId: null });
    return send.mutateAsync(command).then(
      (item) => set(control, { commandId: item.command_id }),
      (error: unknown) => set(control, { error }),
    );
  };
  return { runs, run };
}
