import type { LocalizedMail } from './layout';

// The company's licences are about to expire (sent by the licence reminders). Vars: username,
// company, licence_count, expiry_date, link (the console's licence page).
export const license: LocalizedMail = {
  en: {
    subject: 'The Vitrine licences of {{company}} expire on {{expiry_date}}',
    intro: [
      'Hello {{username}},',
      'The licences of {{company}} expire soon. Renew them before that date so your screens keep playing without interruption.',
    ],
    details: ['Company: {{company}}', 'Licences: {{licence_count}}', 'Expiry date: {{expiry_date}}'],
    action: 'Review the licences',
    outro: ['If you have already renewed them, you can ignore this message.'],
  },
  ar: {
    subject: 'تنتهي تراخيص Vitrine الخاصة بـ {{company}} في {{expiry_date}}',
    intro: [
      'مرحبًا {{username}}،',
      'تنتهي تراخيص {{company}} قريبًا. جدّدها قبل هذا التاريخ لتواصل شاشاتك العرض دون انقطاع.',
    ],
    details: ['الشركة: {{company}}', 'عدد التراخيص: {{licence_count}}', 'تاريخ الانتهاء: {{expiry_date}}'],
    action: 'مراجعة التراخيص',
    outro: ['إذا كنت قد جدّدتها بالفعل، فيمكنك تجاهل هذه الرسالة.'],
  },
  de: {
    subject: 'Die Vitrine-Lizenzen von {{company}} laufen am {{expiry_date}} ab',
    intro: [
      'Hallo {{username}},',
      'Die Lizenzen von {{company}} laufen bald ab. Verlängern Sie sie vor diesem Datum, damit Ihre Bildschirme ohne Unterbrechung weiterspielen.',
    ],
    details: ['Unternehmen: {{company}}', 'Lizenzen: {{licence_count}}', 'Ablaufdatum: {{expiry_date}}'],
    action: 'Lizenzen ansehen',
    outro: ['Wenn Sie sie bereits verlängert haben, können Sie diese Nachricht ignorieren.'],
  },
  it: {
    subject: 'Le licenze Vitrine di {{company}} scadono il {{expiry_date}}',
    intro: [
      'Ciao {{username}},',
      'Le licenze di {{company}} scadranno a breve. Rinnovale prima di quella data perché i tuoi schermi continuino a funzionare senza interruzioni.',
    ],
    details: ['Azienda: {{company}}', 'Licenze: {{licence_count}}', 'Data di scadenza: {{expiry_date}}'],
    action: 'Controlla le licenze',
    outro: ['Se le hai già rinnovate, puoi ignorare questo messaggio.'],
  },
  es: {
    subject: 'Las licencias de Vitrine de {{company}} caducan el {{expiry_date}}',
    intro: [
      'Hola, {{username}}:',
      'Las licencias de {{company}} caducan pronto. Renuévalas antes de esa fecha para que tus pantallas sigan reproduciendo sin interrupciones.',
    ],
    details: ['Empresa: {{company}}', 'Licencias: {{licence_count}}', 'Fecha de caducidad: {{expiry_date}}'],
    action: 'Revisar las licencias',
    outro: ['Si ya las has renovado, puedes ignorar este mensaje.'],
  },
  fr: {
    subject: 'Les licences Vitrine de {{company}} expirent le {{expiry_date}}',
    intro: [
      'Bonjour {{username}},',
      'Les licences de {{company}} expirent bientôt. Renouvelez-les avant cette date pour que vos écrans continuent de diffuser sans interruption.',
    ],
    details: [
      'Entreprise : {{company}}',
      'Licences : {{licence_count}}',
      'Date d’expiration : {{expiry_date}}',
    ],
    action: 'Voir les licences',
    outro: ['Si vous les avez déjà renouvelées, vous pouvez ignorer ce message.'],
  },
  pt: {
    subject: 'As licenças Vitrine de {{company}} vencem em {{expiry_date}}',
    intro: [
      'Olá, {{username}}!',
      'As licenças de {{company}} vencem em breve. Renove-as antes dessa data para que suas telas continuem exibindo sem interrupção.',
    ],
    details: ['Empresa: {{company}}', 'Licenças: {{licence_count}}', 'Data de vencimento: {{expiry_date}}'],
    action: 'Ver as licenças',
    outro: ['Se você já as renovou, pode ignorar esta mensagem.'],
  },
  'zh-CN': {
    subject: '{{company}} 的 Vitrine 许可证将于 {{expiry_date}} 到期',
    intro: ['{{username}}，您好：', '{{company}} 的许可证即将到期。请在到期日前续订，以免您的屏幕播放中断。'],
    details: ['公司：{{company}}', '许可证数量：{{licence_count}}', '到期日：{{expiry_date}}'],
    action: '查看许可证',
    outro: ['如果您已经续订，请忽略此邮件。'],
  },
  'zh-TW': {
    subject: '{{company}} 的 Vitrine 授權將於 {{expiry_date}} 到期',
    intro: ['{{username}}，您好：', '{{company}} 的授權即將到期。請在到期日前續約，以免您的螢幕播放中斷。'],
    details: ['公司：{{company}}', '授權數量：{{licence_count}}', '到期日：{{expiry_date}}'],
    action: '查看授權',
    outro: ['如果您已經續約，請忽略這封郵件。'],
  },
};
