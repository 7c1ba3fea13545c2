import type { LocalizedMail } from './layout';

// A password reset the user asked for. Vars: username, link, hours.
export const resetPwd: LocalizedMail = {
  en: {
    subject: 'Reset your Vitrine password',
    intro: [
      'Hello {{username}},',
      'We received a request to reset the password of your Vitrine account. Choose a new password with the button below.',
    ],
    action: 'Reset my password',
    outro: [
      'This link is valid for {{hours}} hours. If you did not ask for a new password, ignore this message: your password stays the same.',
    ],
  },
  ar: {
    subject: 'إعادة تعيين كلمة المرور في Vitrine',
    intro: [
      'مرحبًا {{username}}،',
      'تلقينا طلبًا لإعادة تعيين كلمة مرور حسابك في Vitrine. اختر كلمة مرور جديدة باستخدام الزر أدناه.',
    ],
    action: 'إعادة تعيين كلمة المرور',
    outro: [
      'مدة صلاحية هذا الرابط: {{hours}} ساعة. إذا لم تطلب كلمة مرور جديدة، فتجاهل هذه الرسالة، وستبقى كلمة مرورك كما هي.',
    ],
  },
  de: {
    subject: 'Setzen Sie Ihr Vitrine-Passwort zurück',
    intro: [
      'Hallo {{username}},',
      'Wir haben eine Anfrage erhalten, das Passwort Ihres Vitrine-Kontos zurückzusetzen. Wählen Sie über die Schaltfläche unten ein neues Passwort.',
    ],
    action: 'Passwort zurücksetzen',
    outro: [
      'Dieser Link ist {{hours}} Stunden gültig. Wenn Sie kein neues Passwort angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
    ],
  },
  it: {
    subject: 'Reimposta la password di Vitrine',
    intro: [
      'Ciao {{username}},',
      'Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account Vitrine. Scegli una nuova password con il pulsante qui sotto.',
    ],
    action: 'Reimposta la password',
    outro: [
      'Questo link è valido per {{hours}} ore. Se non hai richiesto una nuova password, ignora questo messaggio: la tua password resta invariata.',
    ],
  },
  es: {
    subject: 'Restablece tu contraseña de Vitrine',
    intro: [
      'Hola, {{username}}:',
      'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Vitrine. Elige una nueva contraseña con el botón de abajo.',
    ],
    action: 'Restablecer mi contraseña',
    outro: [
      'Este enlace es válido durante {{hours}} horas. Si no has solicitado una nueva contraseña, ignora este mensaje: tu contraseña no cambiará.',
    ],
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Vitrine',
    intro: [
      'Bonjour {{username}},',
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Vitrine. Choisissez un nouveau mot de passe à l’aide du bouton ci-dessous.',
    ],
    action: 'Réinitialiser mon mot de passe',
    outro: [
      'Ce lien est valable {{hours}} heures. Si vous n’avez pas demandé de nouveau mot de passe, ignorez ce message : votre mot de passe reste inchangé.',
    ],
  },
  pt: {
    subject: 'Redefina sua senha do Vitrine',
    intro: [
      'Olá, {{username}}!',
      'Recebemos um pedido para redefinir a senha da sua conta Vitrine. Escolha uma nova senha usando o botão abaixo.',
    ],
    action: 'Redefinir minha senha',
    outro: [
      'Este link é válido por {{hours}} horas. Se você não pediu uma nova senha, ignore esta mensagem: sua senha continua a mesma.',
    ],
  },
  'zh-CN': {
    subject: '重置您的 Vitrine 密码',
    intro: ['{{username}}，您好：', '我们收到了重置您 Vitrine 账户密码的请求。请点击下方按钮设置新密码。'],
    action: '重置密码',
    outro: ['此链接在 {{hours}} 小时内有效。如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。'],
  },
  'zh-TW': {
    subject: '重設您的 Vitrine 密碼',
    intro: ['{{username}}，您好：', '我們收到重設您 Vitrine 帳戶密碼的請求。請點擊下方按鈕設定新密碼。'],
    action: '重設密碼',
    outro: ['此連結在 {{hours}} 小時內有效。如果您沒有申請重設密碼，請忽略這封郵件，您的密碼不會變更。'],
  },
};
