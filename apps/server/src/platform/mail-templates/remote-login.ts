import type { LocalizedMail } from './layout';

// Off-site login alarm: a login from an address not seen before. Vars: username, time, ip, user_agent.
export const remoteLogin: LocalizedMail = {
  en: {
    subject: 'New sign-in to your Vitrine account',
    intro: [
      'Hello {{username}},',
      'Your Vitrine account was signed in to from an address we have not seen before:',
    ],
    details: ['Time: {{time}}', 'IP address: {{ip}}', 'Browser: {{user_agent}}'],
    outro: [
      'If this was you, you can ignore this message. If not, change your password at once and contact your administrator.',
    ],
  },
  ar: {
    subject: 'تسجيل دخول جديد إلى حسابك في Vitrine',
    intro: ['مرحبًا {{username}}،', 'تم تسجيل الدخول إلى حسابك في Vitrine من عنوان لم نره من قبل:'],
    details: ['الوقت: {{time}}', 'عنوان IP: {{ip}}', 'المتصفح: {{user_agent}}'],
    outro: [
      'إذا كنت أنت، يمكنك تجاهل هذه الرسالة. وإن لم تكن أنت، فغيّر كلمة المرور فورًا وأبلغ المسؤول لديك.',
    ],
  },
  de: {
    subject: 'Neue Anmeldung bei Ihrem Vitrine-Konto',
    intro: [
      'Hallo {{username}},',
      'Bei Ihrem Vitrine-Konto hat sich jemand von einer bisher unbekannten Adresse aus angemeldet:',
    ],
    details: ['Zeitpunkt: {{time}}', 'IP-Adresse: {{ip}}', 'Browser: {{user_agent}}'],
    outro: [
      'Wenn Sie das waren, können Sie diese Nachricht ignorieren. Falls nicht, ändern Sie sofort Ihr Passwort und informieren Sie Ihren Administrator.',
    ],
  },
  it: {
    subject: 'Nuovo accesso al tuo account Vitrine',
    intro: [
      'Ciao {{username}},',
      'È stato effettuato un accesso al tuo account Vitrine da un indirizzo mai visto prima:',
    ],
    details: ['Data e ora: {{time}}', 'Indirizzo IP: {{ip}}', 'Browser: {{user_agent}}'],
    outro: [
      'Se sei stato tu, puoi ignorare questo messaggio. In caso contrario, cambia subito la password e avvisa il tuo amministratore.',
    ],
  },
  es: {
    subject: 'Nuevo inicio de sesión en tu cuenta de Vitrine',
    intro: [
      'Hola, {{username}}:',
      'Se ha iniciado sesión en tu cuenta de Vitrine desde una dirección que no conocíamos:',
    ],
    details: ['Fecha y hora: {{time}}', 'Dirección IP: {{ip}}', 'Navegador: {{user_agent}}'],
    outro: [
      'Si has sido tú, puedes ignorar este mensaje. Si no, cambia tu contraseña de inmediato y avisa a tu administrador.',
    ],
  },
  fr: {
    subject: 'Nouvelle connexion à votre compte Vitrine',
    intro: [
      'Bonjour {{username}},',
      'Une connexion à votre compte Vitrine a eu lieu depuis une adresse inhabituelle :',
    ],
    details: ['Date : {{time}}', 'Adresse IP : {{ip}}', 'Navigateur : {{user_agent}}'],
    outro: [
      'Si c’était vous, vous pouvez ignorer ce message. Sinon, changez immédiatement votre mot de passe et prévenez votre administrateur.',
    ],
  },
  pt: {
    subject: 'Novo acesso à sua conta Vitrine',
    intro: [
      'Olá, {{username}}!',
      'Sua conta Vitrine foi acessada a partir de um endereço que não conhecíamos:',
    ],
    details: ['Data e hora: {{time}}', 'Endereço IP: {{ip}}', 'Navegador: {{user_agent}}'],
    outro: [
      'Se foi você, pode ignorar esta mensagem. Caso contrário, altere sua senha imediatamente e avise seu administrador.',
    ],
  },
  'zh-CN': {
    subject: '您的 Vitrine 账户有新的登录',
    intro: ['{{username}}，您好：', '您的 Vitrine 账户在一个新的地址登录：'],
    details: ['时间：{{time}}', 'IP 地址：{{ip}}', '浏览器：{{user_agent}}'],
    outro: ['如果是您本人登录，请忽略此邮件。如果不是，请立即修改密码并通知您的管理员。'],
  },
  'zh-TW': {
    subject: '您的 Vitrine 帳戶有新的登入',
    intro: ['{{username}}，您好：', '您的 Vitrine 帳戶在一個新的位址登入：'],
    details: ['時間：{{time}}', 'IP 位址：{{ip}}', '瀏覽器：{{user_agent}}'],
    outro: ['如果是您本人登入，請忽略這封郵件。如果不是，請立即變更密碼並通知您的管理員。'],
  },
};
