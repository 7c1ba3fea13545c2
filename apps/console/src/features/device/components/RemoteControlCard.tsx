import { type DeviceCommand, type DeviceItem, missingFeatures, Orientation } from '@vitrine/contract';
import { Alert, Button, Card, Col, Flex, Row, Select, Slider, Switch, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction, confirmDelete } from '../../../components/confirm';
import { CommandAck } from './CommandAck';
import { CommandHistory } from './CommandHistory';
import { useUnsupported } from './feature-gate';
import { type CommandRun, useCommandRuns } from './use-command-runs';

type SimpleAction = 'reboot' | 'refresh' | 'screenshot' | 'identify' | 'clear-cache' | 'unpair';

/** Buttons and settings that command one screen, each with its acknowledgement, and the latest commands. */
export function RemoteControlCard({ device }: { device: DeviceItem }) {
  const { t } = useTranslation(['device', 'contract']);
  const deviceId = device.device_id;
  const { runs, run } = useCommandRuns(deviceId);
  const offline = !device.online;
  const offlineText = t('contract:device.onlyOnline');
  const unsupported = useUnsupported();
  // What the player cannot do at all is said before what it cannot do now (the server's order too).
  const why = (action: DeviceCommand['action']) =>
    unsupported([device], action) ?? (offline ? offlineText : null);
  const oldText = t('contract:device.oldVersion');
  // Some of what the page offers is beyond this player: said once, each control says it again.
  const old = missingFeatures(device.system_version).length > 0;
  const send = (command: DeviceCommand, control: string = command.action) => run(control, command);

  const button = (action: SimpleAction, onClick: () => unknown = () => send({ action }), danger = false) => (
    <Slot key={action} run={runs[action]} deviceId={deviceId}>
      <Tooltip title={why(action)}>
        <Button disabled={why(action) !== null} danger={danger} onClick={onClick}>
          {t(`command.${action}`)}
        </Button>
      </Tooltip>
    </Slot>
  );
  const screen = device.screen_on ? 'screen-off' : 'screen-on';

  return (
    <Card title={t('control.title')} style={{ marginTop: 16 }}>
      {old ? <Alert type="warning" showIcon title={oldText} style={{ marginBottom: 16 }} /> : null}
      {offline ? <Alert type="info" showIcon title={offlineText} style={{ marginBottom: 16 }} /> : null}
      <Flex wrap gap="middle" align="start">
        {button('reboot')}
        {button('refresh')}
        {button('screenshot')}
        {button('identify')}
        <Slot run={runs.screen} deviceId={deviceId}>
          <Tooltip title={why(screen)}>
            <Button disabled={why(screen) !== null} onClick={() => send({ action: screen }, 'screen')}>
              {t(`command.${screen}`)}
            </Button>
          </Tooltip>
        </Slot>
        {button(
          'clear-cache',
          () =>
            confirmAction({
              content: t('control.clearCacheConfirm', { name: device.device_name }),
              onOk: () => send({ action: 'clear-cache' }),
            }),
          false,
        )}
        {button(
          'unpair',
          () =>
            confirmDelete({
              title: t('control.unpairTitle'),
              content: t('control.unpairConfirm', { name: device.device_name }),
              okText: t('command.unpair'),
              onOk: () => send({ action: 'unpair' }),
            }),
          true,
        )}
      </Flex>
      <Row gutter={[24, 16]} style={{ marginTop: 24 }}>
        <Setting label={t('field.volume')} run={runs.volume} deviceId={deviceId}>
          <Slider
            key={device.volume}
            ariaLabelForHandle={t('field.volume')}
            defaultValue={device.volume}
            min={0}
            max={100}
            disabled={why('volume') !== null || device.mute}
            onChangeComplete={(value: number) => send({ action: 'volume', value })}
          />
          {device.mute ? (
            <Typography.Text type="secondary">{t('contract:device.muted')}</Typography.Text>
          ) : null}
        </Setting>
        <Setting label={t('field.mute')} run={runs.mute} deviceId={deviceId}>
          <Switch
            aria-label={t('field.mute')}
            checked={device.mute}
            disabled={why('mute') !== null}
            // Its own width: the slot's column would stretch it like the sliders.
            style={{ alignSelf: 'flex-start' }}
            onChange={(value) => send({ action: 'mute', value })}
          />
        </Setting>
        <Setting label={t('field.brightness')} run={runs.brightness} deviceId={deviceId}>
          <Slider
            key={device.brightness}
            ariaLabelForHandle={t('field.brightness')}
            defaultValue={device.brightness}
            min={1}
            max={100}
            disabled={why('brightness') !== null}
            onChangeComplete={(value: number) => send({ action: 'brightness', value })}
          />
        </Setting>
        <Setting label={t('field.orientation')} run={runs.orientation} deviceId={deviceId}>
          <Select<number>
            aria-label={t('field.orientation')}
            value={device.orientation}
            disabled={why('orientation') !== null}
            style={{ width: '100%' }}
            options={Object.values(Orientation).map((value) => ({ value, label: t(`orientation.${value}`) }))}
            // The options are the four orientations, so the chosen value is one of them.
            onChange={(value) => send({ action: 'orientation', value: value as Orientation })}
          />
        </Setting>
      </Row>
      <CommandHistory deviceId={deviceId} />
    </Card>
  );
}

type SlotProps = { run: CommandRun | undefined; deviceId: number; children: ReactNode };

/** A control with the acknowledgement of its latest command under it. */
function Slot({ run, deviceId, children }: SlotProps) {
  return (
    <Flex vertical gap={4}>
      {children}
      {run ? <CommandAck deviceId={deviceId} run={run} /> : null}
    </Flex>
  );
}

function Setting({ label, ...slot }: SlotProps & { label: string }) {
  return (
    <Col xs={24} md={12}>
      <Typography.Text strong>{label}</Typography.Text>
      <Slot {...slot} />
    </Col>
  );
}
