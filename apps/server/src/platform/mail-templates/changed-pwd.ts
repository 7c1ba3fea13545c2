import type { LocalizedMail } from './layout';

// Notice after a password change. Vars: username, time, ip.
export const changedPwd: LocalizedMail = {
  en: {
    subject: 'Your Vitrine password was changed',
    intro: [
      'Hello {{username}},',
      'The password of your Vitrine account was changed on {{time}} from the IP address {{ip}}.',
    ],
    outro: [
      'If you made this change, there is nothing else to do. If it was not you, contact your administrator right away.',
    ],
  },
  ar: {
    subject: 'تم تغيير كلمة مرور حسابك في Vitrine',
    intro: ['مرحبًا {{username}}،', 'تم تغيير كلمة مرور حسابك في Vitrine في {{time}} من عنوان IP: {{ip}}.'],
    outro: [
      'إذا كنت أنت من قام بهذا التغيير، فلا حاجة لفعل أي شيء آخر. وإن لم تكن أنت، فاتصل بالمسؤول لديك فورًا.',
    ],
  },
  de: {
    subject: 'Ihr Vitrine-Passwort wurde geändert',
    intro: [
      'Hallo {{username}},',
      'Das Passwort Ihres Vitrine-Kontos wurde am {{time}} von der IP-Adresse {{ip}} aus geändert.',
    ],
    outro: [
      'Wenn Sie das selbst waren, ist nichts weiter zu tun. Falls nicht, wenden Sie sich sofort an Ihren Administrator.',
    ],
  },
  it: {
    subject: 'La password di Vitrine è stata modificata',
    intro: [
      'Ciao {{username}},',
      'La password del tuo account Vitrine è stata modificata il {{time}} dall’indirizzo IP {{ip}}.',
    ],
    outro: [
      'Se sei stato tu, non devi fare altro. In caso contrario, contatta subito il tuo amministratore.',
    ],
  },
  es: {
    subject: 'Se ha cambiado tu contraseña de Vitrine',
    intro: [
      'Hola, {{username}}:',
      'La contraseña de tu cuenta de Vitrine se cambió el {{time}} desde la dirección IP {{ip}}.',
    ],
    outro: [
      'Si has sido tú, no tienes que hacer nada más. Si no, ponte en contacto con tu administrador de inmediato.',
    ],
  },
  fr: {
    subject: 'Le mot de passe de votre compte Vitrine a été modifié',
    intro: [
      'Bonjour {{username}},',
      'Le mot de passe de votre compte Vitrine a été modifié le {{time}} depuis l’adresse IP {{ip}}.',
    ],
    outro: [
      'Si vous êtes à l’origine de cette modification, vous n’avez rien d’autre à faire. Sinon, contactez immédiatement votre administrateur.',
    ],
  },
  pt: {
    subject: 'Sua senha do Vitrine foi alterada',
    intro: [
      'Olá, {{username}}!',
      'A senha da sua conta Vitrine foi alterada em {{time}} a partir do endereço IP {{ip}}.',
    ],
    outro: [
      'Se foi você, não é preciso fazer mais nada. Caso contrário, entre em contato com seu administrador imediatamente.',
    ],
  },
  'zh-CN': {
    subject: '您的 Vitrine 密码已更改',
    intro: ['{{username}}，您好：', '您的 Vitrine 账户密码已于 {{time}} 从 IP 地址 {{ip}} 更改。'],
    outro: ['如果是您本人操作，则无需其他处理。如果不是您本人操作，请立即联系您的管理员。'],
  },
  'zh-TW': {
    subject: '您的 Vitrine 密碼已變更',
    intro: ['{{username}}，您好：', '您的 Vitrine 帳戶密碼已於 {{time}} 從 IP 位址 {{ip}} 變更。'],
    outro: ['如果是您本人操作，則無需其他處理。如果不是您本人操作，請立即聯絡您的管理員。'],
  },
};
