import type { LocalizedMail } from './layout';

// Activation of a new account, registered or invited. Vars: username, link, hours.
export const invite: LocalizedMail = {
  en: {
    subject: 'Activate your Vitrine account',
    intro: [
      'Hello {{username}},',
      'A Vitrine account has been created for this email address. Activate it to start managing your screens, content and schedules.',
    ],
    action: 'Activate my account',
    outro: ['This link is valid for {{hours}} hours. If you did not expect this message, you can ignore it.'],
  },
  ar: {
    subject: 'فعّل حسابك في Vitrine',
    intro: [
      'مرحبًا {{username}}،',
      'تم إنشاء حساب في Vitrine لعنوان البريد الإلكتروني هذا. فعّله لتبدأ في إدارة شاشاتك ومحتواك وجداول العرض.',
    ],
    action: 'تفعيل حسابي',
    outro: ['مدة صلاحية هذا الرابط: {{hours}} ساعة. إذا لم تكن تتوقع هذه الرسالة، يمكنك تجاهلها.'],
  },
  de: {
    subject: 'Aktivieren Sie Ihr Vitrine-Konto',
    intro: [
      'Hallo {{username}},',
      'Für diese E-Mail-Adresse wurde ein Vitrine-Konto angelegt. Aktivieren Sie es, um Ihre Bildschirme, Inhalte und Zeitpläne zu verwalten.',
    ],
    action: 'Konto aktivieren',
    outro: [
      'Dieser Link ist {{hours}} Stunden gültig. Wenn Sie diese Nachricht nicht erwartet haben, können Sie sie ignorieren.',
    ],
  },
  it: {
    subject: 'Attiva il tuo account Vitrine',
    intro: [
      'Ciao {{username}},',
      'È stato creato un account Vitrine per questo indirizzo email. Attivalo per iniziare a gestire i tuoi schermi, i contenuti e le programmazioni.',
    ],
    action: 'Attiva il mio account',
    outro: ['Questo link è valido per {{hours}} ore. Se non aspettavi questo messaggio, puoi ignorarlo.'],
  },
  es: {
    subject: 'Activa tu cuenta de Vitrine',
    intro: [
      'Hola, {{username}}:',
      'Se ha creado una cuenta de Vitrine para esta dirección de correo electrónico. Actívala para empezar a gestionar tus pantallas, contenidos y programaciones.',
    ],
    action: 'Activar mi cuenta',
    outro: ['Este enlace es válido durante {{hours}} horas. Si no esperabas este mensaje, puedes ignorarlo.'],
  },
  fr: {
    subject: 'Activez votre compte Vitrine',
    intro: [
      'Bonjour {{username}},',
      'Un compte Vitrine a été créé pour cette adresse e-mail. Activez-le pour commencer à gérer vos écrans, vos contenus et vos programmations.',
    ],
    action: 'Activer mon compte',
    outro: [
      "Ce lien est valable {{hours}} heures. Si vous n'attendiez pas ce message, vous pouvez l'ignorer.",
    ],
  },
  pt: {
    subject: 'Ative sua conta Vitrine',
    intro: [
      'Olá, {{username}}!',
      'Uma conta Vitrine foi criada para este endereço de e-mail. Ative-a para começar a gerenciar suas telas, conteúdos e programações.',
    ],
    action: 'Ativar minha conta',
    outro: ['Este link é válido por {{hours}} horas. Se você não esperava esta mensagem, pode ignorá-la.'],
  },
  'zh-CN': {
    subject: '激活您的 Vitrine 账户',
    intro: [
      '{{username}}，您好：',
      '已为此邮箱地址创建了 Vitrine 账户。激活后即可开始管理您的屏幕、内容和排期。',
    ],
    action: '激活账户',
    outro: ['此链接在 {{hours}} 小时内有效。如果您没有预期收到此邮件，请忽略。'],
  },
  'zh-TW': {
    subject: '啟用您的 Vitrine 帳戶',
    intro: [
      '{{username}}，您好：',
      '已為此電子郵件地址建立 Vitrine 帳戶。啟用後即可開始管理您的螢幕、內容和排程。',
    ],
    action: '啟用帳戶',
    outro: ['此連結在 {{hours}} 小時內有效。如果您沒有預期收到這封郵件，請忽略。'],
  },
};
