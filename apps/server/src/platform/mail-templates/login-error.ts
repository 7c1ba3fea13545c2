import type { LocalizedMail } from './layout';

// The account was locked after failed logins. Vars: username, time, ip, link (unlock), minutes.
export const loginError: LocalizedMail = {
  en: {
    subject: 'Your Vitrine account has been locked',
    intro: [
      'Hello {{username}},',
      'Your Vitrine account was locked after several failed sign-in attempts. The last one was on {{time}} from the IP address {{ip}}.',
      'To unlock it now, use the button below.',
    ],
    action: 'Unlock my account',
    outro: [
      'Otherwise, the account unlocks itself in {{minutes}} minutes. If these attempts were not yours, change your password once you are back in and tell your administrator.',
    ],
  },
  ar: {
    subject: 'تم قفل حسابك في Vitrine',
    intro: [
      'مرحبًا {{username}}،',
      'تم قفل حسابك في Vitrine بعد عدة محاولات فاشلة لتسجيل الدخول. كانت آخر محاولة في {{time}} من عنوان IP: {{ip}}.',
      'لإلغاء القفل الآن، استخدم الزر أدناه.',
    ],
    action: 'إلغاء قفل حسابي',
    outro: [
      'أو انتظر حتى يُلغى قفل الحساب تلقائيًا بعد {{minutes}} دقيقة. إذا لم تكن هذه المحاولات منك، فغيّر كلمة المرور بعد تسجيل الدخول وأبلغ المسؤول لديك.',
    ],
  },
  de: {
    subject: 'Ihr Vitrine-Konto wurde gesperrt',
    intro: [
      'Hallo {{username}},',
      'Ihr Vitrine-Konto wurde nach mehreren fehlgeschlagenen Anmeldeversuchen gesperrt. Der letzte Versuch erfolgte am {{time}} von der IP-Adresse {{ip}}.',
      'Über die Schaltfläche unten können Sie es sofort entsperren.',
    ],
    action: 'Konto entsperren',
    outro: [
      'Andernfalls wird das Konto in {{minutes}} Minuten automatisch entsperrt. Wenn diese Versuche nicht von Ihnen stammen, ändern Sie nach der Anmeldung Ihr Passwort und informieren Sie Ihren Administrator.',
    ],
  },
  it: {
    subject: 'Il tuo account Vitrine è stato bloccato',
    intro: [
      'Ciao {{username}},',
      'Il tuo account Vitrine è stato bloccato dopo diversi tentativi di accesso non riusciti. L’ultimo è avvenuto il {{time}} dall’indirizzo IP {{ip}}.',
      'Per sbloccarlo subito, usa il pulsante qui sotto.',
    ],
    action: 'Sblocca il mio account',
    outro: [
      'Altrimenti l’account si sbloccherà automaticamente tra {{minutes}} minuti. Se non sei stato tu a tentare l’accesso, cambia la password appena rientri e avvisa il tuo amministratore.',
    ],
  },
  es: {
    subject: 'Tu cuenta de Vitrine se ha bloqueado',
    intro: [
      'Hola, {{username}}:',
      'Tu cuenta de Vitrine se ha bloqueado tras varios intentos fallidos de inicio de sesión. El último fue el {{time}} desde la dirección IP {{ip}}.',
      'Para desbloquearla ahora, usa el botón de abajo.',
    ],
    action: 'Desbloquear mi cuenta',
    outro: [
      'Si no, la cuenta se desbloqueará automáticamente en {{minutes}} minutos. Si no fuiste tú quien lo intentó, cambia tu contraseña cuando vuelvas a entrar y avisa a tu administrador.',
    ],
  },
  fr: {
    subject: 'Votre compte Vitrine a été verrouillé',
    intro: [
      'Bonjour {{username}},',
      'Votre compte Vitrine a été verrouillé après plusieurs tentatives de connexion infructueuses. La dernière a eu lieu le {{time}} depuis l’adresse IP {{ip}}.',
      'Pour le déverrouiller dès maintenant, utilisez le bouton ci-dessous.',
    ],
    action: 'Déverrouiller mon compte',
    outro: [
      'Sinon, le compte se déverrouillera automatiquement dans {{minutes}} minutes. Si ces tentatives ne venaient pas de vous, changez votre mot de passe une fois connecté et prévenez votre administrateur.',
    ],
  },
  pt: {
    subject: 'Sua conta Vitrine foi bloqueada',
    intro: [
      'Olá, {{username}}!',
      'Sua conta Vitrine foi bloqueada após várias tentativas de acesso malsucedidas. A última foi em {{time}} a partir do endereço IP {{ip}}.',
      'Para desbloqueá-la agora, use o botão abaixo.',
    ],
    action: 'Desbloquear minha conta',
    outro: [
      'Caso contrário, a conta será desbloqueada automaticamente em {{minutes}} minutos. Se essas tentativas não foram suas, altere sua senha assim que entrar e avise seu administrador.',
    ],
  },
  'zh-CN': {
    subject: '您的 Vitrine 账户已被锁定',
    intro: [
      '{{username}}，您好：',
      '由于多次登录失败，您的 Vitrine 账户已被锁定。最近一次尝试发生在 {{time}}，IP 地址为 {{ip}}。',
      '如需立即解锁，请点击下方按钮。',
    ],
    action: '解锁账户',
    outro: [
      '您也可以等待 {{minutes}} 分钟，账户将自动解锁。如果这些登录尝试不是您本人所为，请在登录后修改密码并通知您的管理员。',
    ],
  },
  'zh-TW': {
    subject: '您的 Vitrine 帳戶已被鎖定',
    intro: [
      '{{username}}，您好：',
      '由於多次登入失敗，您的 Vitrine 帳戶已被鎖定。最近一次嘗試發生在 {{time}}，IP 位址為 {{ip}}。',
      '如需立即解鎖，請點擊下方按鈕。',
    ],
    action: '解鎖帳戶',
    outro: [
      '您也可以等待 {{minutes}} 分鐘，帳戶將自動解鎖。如果這些登入嘗試不是您本人所為，請在登入後變更密碼並通知您的管理員。',
    ],
  },
};
