import type { LocalizedMail } from './layout';

// A claimed screen has nothing to play: no default content and no approved schedule that has not
// ended (it then shows its name and a clock). Vars: username, device_name, signage_id, link (the console's schedule list for it).
export const scheduleEmpty: LocalizedMail = {
  en: {
    subject: 'Device {{device_name}} has nothing to play',
    intro: [
      'Hello {{username}},',
      'A device in your workspace has no default content and no approved schedule that is still running.',
    ],
    details: ['Device: {{device_name}}', 'Signage ID: {{signage_id}}'],
    action: 'Schedule content',
    outro: [
      'Until something is scheduled or set as its default content, the screen shows only its name and a clock.',
    ],
  },
  ar: {
    subject: 'لا يوجد ما يعرضه الجهاز {{device_name}}',
    intro: [
      'مرحبًا {{username}}،',
      'جهاز في مساحة العمل الخاصة بك ليس له محتوى افتراضي ولا جدول معتمد ما زال ساريًا.',
    ],
    details: ['الجهاز: {{device_name}}', 'معرّف اللافتة: {{signage_id}}'],
    action: 'جدولة المحتوى',
    outro: ['إلى أن تتم جدولة محتوى أو تعيين محتوى افتراضي لها، لن تعرض الشاشة سوى اسمها وساعة.'],
  },
  de: {
    subject: 'Gerät {{device_name}} hat nichts abzuspielen',
    intro: [
      'Hallo {{username}},',
      'Ein Gerät in Ihrem Arbeitsbereich hat keinen Standardinhalt und keinen genehmigten Zeitplan, der noch läuft.',
    ],
    details: ['Gerät: {{device_name}}', 'Signage-ID: {{signage_id}}'],
    action: 'Inhalte planen',
    outro: [
      'Bis etwas geplant oder als Standardinhalt festgelegt ist, zeigt der Bildschirm nur seinen Namen und eine Uhr.',
    ],
  },
  it: {
    subject: 'Il dispositivo {{device_name}} non ha nulla da riprodurre',
    intro: [
      'Ciao {{username}},',
      'Un dispositivo nella tua area di lavoro non ha contenuti predefiniti né una programmazione approvata ancora in corso.',
    ],
    details: ['Dispositivo: {{device_name}}', 'ID signage: {{signage_id}}'],
    action: 'Programma contenuti',
    outro: [
      'Finché non viene programmato qualcosa o impostato un contenuto predefinito, lo schermo mostra solo il suo nome e un orologio.',
    ],
  },
  es: {
    subject: 'El dispositivo {{device_name}} no tiene nada que reproducir',
    intro: [
      'Hola, {{username}}:',
      'Un dispositivo de tu espacio de trabajo no tiene contenido predeterminado ni ninguna programación aprobada que siga vigente.',
    ],
    details: ['Dispositivo: {{device_name}}', 'ID de señalización: {{signage_id}}'],
    action: 'Programar contenido',
    outro: [
      'Hasta que se programe algo o se le asigne un contenido predeterminado, la pantalla solo mostrará su nombre y un reloj.',
    ],
  },
  fr: {
    subject: 'L’appareil {{device_name}} n’a rien à diffuser',
    intro: [
      'Bonjour {{username}},',
      'Un appareil de votre espace de travail n’a ni contenu par défaut ni programmation approuvée encore en cours.',
    ],
    details: ['Appareil : {{device_name}}', 'ID d’affichage : {{signage_id}}'],
    action: 'Programmer du contenu',
    outro: [
      'Tant que rien n’est programmé ni défini comme contenu par défaut, l’écran n’affiche que son nom et une horloge.',
    ],
  },
  pt: {
    subject: 'O dispositivo {{device_name}} não tem nada para reproduzir',
    intro: [
      'Olá, {{username}}!',
      'Um dispositivo do seu espaço de trabalho não tem conteúdo padrão nem um agendamento aprovado ainda em vigor.',
    ],
    details: ['Dispositivo: {{device_name}}', 'ID de sinalização: {{signage_id}}'],
    action: 'Agendar conteúdo',
    outro: [
      'Até que algo seja agendado ou definido como conteúdo padrão, a tela mostrará apenas o próprio nome e um relógio.',
    ],
  },
  'zh-CN': {
    subject: '设备 {{device_name}} 没有可播放的内容',
    intro: ['{{username}}，您好：', '您工作区中的一台设备既没有默认内容，也没有仍在生效的已审核排程。'],
    details: ['设备：{{device_name}}', '标牌 ID：{{signage_id}}'],
    action: '安排内容',
    outro: ['在为其安排排程或设置默认内容之前，屏幕只会显示设备名称和时钟。'],
  },
  'zh-TW': {
    subject: '裝置 {{device_name}} 沒有可播放的內容',
    intro: ['{{username}}，您好：', '您工作區中的一台裝置既沒有預設內容，也沒有仍在生效的已核准排程。'],
    details: ['裝置：{{device_name}}', '看板 ID：{{signage_id}}'],
    action: '安排內容',
    outro: ['在為其安排排程或設定預設內容之前，螢幕只會顯示裝置名稱和時鐘。'],
  },
};
