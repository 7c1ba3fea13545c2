import type { Language } from '@vitrine/contract';
import type { LocalizedMail } from './layout';

// A screen went offline or came back online, or was powered on or off (by its timers or a
// command), or a control rule that mails fired on it (modules/rule). Vars: username, device_name,
// signage_id, status (one of STATUS_WORDS in the recipient's language, or the rule's name), time,
// link (the device's page in the console).
export const deviceStatus: LocalizedMail = {
  en: {
    subject: 'Device {{device_name}}: {{status}}',
    intro: ['Hello {{username}},', 'The status of a device in your workspace has changed.'],
    details: [
      'Device: {{device_name}}',
      'Signage ID: {{signage_id}}',
      'Status: {{status}}',
      'Since: {{time}}',
    ],
    action: 'Open the device',
    outro: [
      'While a device is offline it keeps playing what it has stored, but it cannot receive changes or commands.',
    ],
  },
  ar: {
    subject: 'الجهاز {{device_name}}: {{status}}',
    intro: ['مرحبًا {{username}}،', 'تغيّرت حالة جهاز في مساحة العمل الخاصة بك.'],
    details: [
      'الجهاز: {{device_name}}',
      'معرّف اللافتة: {{signage_id}}',
      'الحالة: {{status}}',
      'منذ: {{time}}',
    ],
    action: 'فتح الجهاز',
    outro: ['عندما يكون الجهاز غير متصل يواصل عرض ما خزّنه، لكنه لا يستطيع تلقي التغييرات أو الأوامر.'],
  },
  de: {
    subject: 'Gerät {{device_name}}: {{status}}',
    intro: ['Hallo {{username}},', 'Der Status eines Geräts in Ihrem Arbeitsbereich hat sich geändert.'],
    details: ['Gerät: {{device_name}}', 'Signage-ID: {{signage_id}}', 'Status: {{status}}', 'Seit: {{time}}'],
    action: 'Gerät öffnen',
    outro: [
      'Solange ein Gerät offline ist, spielt es weiter ab, was es gespeichert hat, kann aber keine Änderungen oder Befehle empfangen.',
    ],
  },
  it: {
    subject: 'Dispositivo {{device_name}}: {{status}}',
    intro: ['Ciao {{username}},', 'Lo stato di un dispositivo nella tua area di lavoro è cambiato.'],
    details: [
      'Dispositivo: {{device_name}}',
      'ID signage: {{signage_id}}',
      'Stato: {{status}}',
      'Dalle: {{time}}',
    ],
    action: 'Apri il dispositivo',
    outro: [
      'Finché un dispositivo è offline continua a riprodurre ciò che ha memorizzato, ma non può ricevere modifiche né comandi.',
    ],
  },
  es: {
    subject: 'Dispositivo {{device_name}}: {{status}}',
    intro: ['Hola, {{username}}:', 'El estado de un dispositivo de tu espacio de trabajo ha cambiado.'],
    details: [
      'Dispositivo: {{device_name}}',
      'ID de señalización: {{signage_id}}',
      'Estado: {{status}}',
      'Desde: {{time}}',
    ],
    action: 'Abrir el dispositivo',
    outro: [
      'Mientras un dispositivo está sin conexión sigue reproduciendo lo que tiene guardado, pero no puede recibir cambios ni órdenes.',
    ],
  },
  fr: {
    subject: 'Appareil {{device_name}} : {{status}}',
    intro: ['Bonjour {{username}},', 'L’état d’un appareil de votre espace de travail a changé.'],
    details: [
      'Appareil : {{device_name}}',
      'ID d’affichage : {{signage_id}}',
      'État : {{status}}',
      'Depuis : {{time}}',
    ],
    action: 'Ouvrir l’appareil',
    outro: [
      'Tant qu’un appareil est hors ligne, il continue de diffuser ce qu’il a enregistré, mais il ne peut recevoir ni modifications ni commandes.',
    ],
  },
  pt: {
    subject: 'Dispositivo {{device_name}}: {{status}}',
    intro: ['Olá, {{username}}!', 'O status de um dispositivo do seu espaço de trabalho mudou.'],
    details: [
      'Dispositivo: {{device_name}}',
      'ID de sinalização: {{signage_id}}',
      'Status: {{status}}',
      'Desde: {{time}}',
    ],
    action: 'Abrir o dispositivo',
    outro: [
      'Enquanto um dispositivo está offline, ele continua reproduzindo o que tem armazenado, mas não recebe alterações nem comandos.',
    ],
  },
  'zh-CN': {
    subject: '设备 {{device_name}}：{{status}}',
    intro: ['{{username}}，您好：', '您工作区中一台设备的状态发生了变化。'],
    details: ['设备：{{device_name}}', '标牌 ID：{{signage_id}}', '状态：{{status}}', '时间：{{time}}'],
    action: '查看设备',
    outro: ['设备离线期间会继续播放已存储的内容，但无法接收更改或指令。'],
  },
  'zh-TW': {
    subject: '裝置 {{device_name}}：{{status}}',
    intro: ['{{username}}，您好：', '您工作區中一台裝置的狀態有所變更。'],
    details: ['裝置：{{device_name}}', '看板 ID：{{signage_id}}', '狀態：{{status}}', '時間：{{time}}'],
    action: '查看裝置',
    outro: ['裝置離線期間會繼續播放已儲存的內容，但無法接收變更或指令。'],
  },
};

/** The {{status}} word, as the console's device list says it. */
export const STATUS_WORDS: Record<
  Language,
  { online: string; offline: string; 'power-on': string; 'power-off': string; 'content-error': string }
> = {
  en: {
    online: 'Online',
    offline: 'Offline',
    'power-on': 'Powered on',
    'power-off': 'Powered off',
    'content-error': 'Content error',
  },
  ar: {
    online: 'متصل',
    offline: 'غير متصل',
    'power-on': 'تم تشغيل الشاشة',
    'power-off': 'تم إطفاء الشاشة',
    'content-error': 'خطأ في المحتوى',
  },
  de: {
    online: 'Online',
    offline: 'Offline',
    'power-on': 'Eingeschaltet',
    'power-off': 'Ausgeschaltet',
    'content-error': 'Inhaltsfehler',
  },
  it: {
    online: 'Online',
    offline: 'Offline',
    'power-on': 'Acceso',
    'power-off': 'Spento',
    'content-error': 'Errore del contenuto',
  },
  es: {
    online: 'En línea',
    offline: 'Sin conexión',
    'power-on': 'Encendido',
    'power-off': 'Apagado',
    'content-error': 'Error de contenido',
  },
  fr: {
    online: 'En ligne',
    offline: 'Hors ligne',
    'power-on': 'Allumé',
    'power-off': 'Éteint',
    'content-error': 'Erreur de contenu',
  },
  pt: {
    online: 'Online',
    offline: 'Offline',
    'power-on': 'Ligado',
    'power-off': 'Desligado',
    'content-error': 'Erro de conteúdo',
  },
  'zh-CN': {
    online: '在线',
    offline: '离线',
    'power-on': '已开机',
    'power-off': '已关机',
    'content-error': '内容错误',
  },
  'zh-TW': {
    online: '線上',
    offline: '離線',
    'power-on': '已開機',
    'power-off': '已關機',
    'content-error': '內容錯誤',
  },
};
