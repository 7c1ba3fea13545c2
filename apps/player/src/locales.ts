import type { Language } from '@vitrine/contract';

// Every string the player shows, in the nine languages. English defines the keys; the type
// makes a missing key a compile error and locales.test.ts a test failure.
const en = {
  starting: 'Starting…',
  'unpaired.title': 'Add this screen to Vitrine',
  'unpaired.signageId': 'Signage ID',
  'unpaired.pin': 'PIN',
  'unpaired.server': 'Server',
  'unpaired.instruction': 'In Vitrine, open Devices → Add device and enter this signage ID and PIN.',
  'unpaired.scan': 'Or scan this code with a phone to open the form.',
  'status.connecting': 'Connecting…',
  'status.connected': 'Connected',
  'status.offline': 'Offline, retrying…',
  'replaced.title': 'Another window took over this screen',
  'replaced.body':
    'The player is open in another tab or window. Close this one, or show the player here again.',
  'replaced.action': 'Show the player here',
};

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

export const LOCALES: Record<Language, Messages> = {
  en,
  ar: {
    starting: 'جارٍ التشغيل…',
    'unpaired.title': 'أضف هذه الشاشة إلى Vitrine',
    'unpaired.signageId': 'معرّف اللافتة',
    'unpaired.pin': 'رمز PIN',
    'unpaired.server': 'الخادم',
    'unpaired.instruction': 'في Vitrine، افتح الأجهزة ← إضافة جهاز، وأدخل معرّف اللافتة ورمز PIN هذين.',
    'unpaired.scan': 'أو امسح هذا الرمز بهاتف لفتح النموذج.',
    'status.connecting': 'جارٍ الاتصال…',
    'status.connected': 'متصل',
    'status.offline': 'غير متصل، جارٍ إعادة المحاولة…',
    'replaced.title': 'تولّت نافذة أخرى عرض هذه الشاشة',
    'replaced.body':
      'المشغّل مفتوح في علامة تبويب أو نافذة أخرى. أغلق هذه النافذة، أو اعرض المشغّل هنا مرة أخرى.',
    'replaced.action': 'اعرض المشغّل هنا',
  },
  de: {
    starting: 'Wird gestartet…',
    'unpaired.title': 'Diesen Bildschirm zu Vitrine hinzufügen',
    'unpaired.signageId': 'Signage-ID',
    'unpaired.pin': 'PIN',
    'unpaired.server': 'Server',
    'unpaired.instruction':
      'Öffnen Sie in Vitrine Geräte → Gerät hinzufügen und geben Sie diese Signage-ID und PIN ein.',
    'unpaired.scan': 'Oder scannen Sie diesen Code mit einem Smartphone, um das Formular zu öffnen.',
    'status.connecting': 'Verbindung wird hergestellt…',
    'status.connected': 'Verbunden',
    'status.offline': 'Offline, neuer Versuch läuft…',
    'replaced.title': 'Ein anderes Fenster hat diesen Bildschirm übernommen',
    'replaced.body':
      'Der Player ist in einem anderen Tab oder Fenster geöffnet. Schließen Sie dieses Fenster oder zeigen Sie den Player wieder hier an.',
    'replaced.action': 'Player hier anzeigen',
  },
  it: {
    starting: 'Avvio in corso…',
    'unpaired.title': 'Aggiungi questo schermo a Vitrine',
    'unpaired.signageId': 'ID signage',
    'unpaired.pin': 'PIN',
    'unpaired.server': 'Server',
    'unpaired.instruction':
      'In Vitrine, apri Dispositivi → Aggiungi dispositivo e inserisci questo ID signage e il PIN.',
    'unpaired.scan': 'Oppure inquadra questo codice con un telefono per aprire il modulo.',
    'status.connecting': 'Connessione in corso…',
    'status.connected': 'Connesso',
    'status.offline': 'Offline, nuovo tentativo in corso…',
    'replaced.title': "Un'altra finestra ha preso il controllo di questo schermo",
    'replaced.body':
      "Il player è aperto in un'altra scheda o finestra. Chiudi questa oppure mostra di nuovo il player qui.",
    'replaced.action': 'Mostra il player qui',
  },
  es: {
    starting: 'Iniciando…',
    'unpaired.title': 'Añada esta pantalla a Vitrine',
    'unpaired.signageId': 'ID de señalización',
    'unpaired.pin': 'PIN',
    'unpaired.server': 'Servidor',
    'unpaired.instruction':
      'En Vitrine, abra Dispositivos → Añadir dispositivo e introduzca este ID de señalización y el PIN.',
    'unpaired.scan': 'O escanee este código con un teléfono para abrir el formulario.',
    'status.connecting': 'Conectando…',
    'status.connected': 'Conectado',
    'status.offline': 'Sin conexión, reintentando…',
    'replaced.title': 'Otra ventana ha tomado el control de esta pantalla',
    'replaced.body':
      'El reproductor está abierto en otra pestaña o ventana. Cierre esta o vuelva a mostrar el reproductor aquí.',
    'replaced.action': 'Mostrar el reproductor aquí',
  },
  fr: {
    starting: 'Démarrage…',
    'unpaired.title': 'Ajoutez cet écran à Vitrine',
    'unpaired.signageId': "ID d'affichage",
    'unpaired.pin': 'Code PIN',
    'unpaired.server': 'Serveur',
    'unpaired.instruction':
      "Dans Vitrine, ouvrez Appareils → Ajouter un appareil et saisissez cet ID d'affichage et ce code PIN.",
    'unpaired.scan': 'Ou scannez ce code avec un téléphone pour ouvrir le formulaire.',
    'status.connecting': 'Connexion…',
    'status.connected': 'Connecté',
    'status.offline': 'Hors ligne, nouvelle tentative…',
    'replaced.title': 'Une autre fenêtre a pris le contrôle de cet écran',
    'replaced.body':
      'Le lecteur est ouvert dans un autre onglet ou une autre fenêtre. Fermez celle-ci, ou affichez de nouveau le lecteur ici.',
    'replaced.action': 'Afficher le lecteur ici',
  },
  pt: {
    starting: 'Iniciando…',
    'unpaired.title': 'Adicione esta tela ao Vitrine',
    'unpaired.signageId': 'ID de sinalização',
    'unpaired.pin': 'PIN',
    'unpaired.server': 'Servidor',
    'unpaired.instruction':
      'No Vitrine, abra Dispositivos → Adicionar dispositivo e insira este ID de sinalização e o PIN.',
    'unpaired.scan': 'Ou leia este código com um celular para abrir o formulário.',
    'status.connecting': 'Conectando…',
    'status.connected': 'Conectado',
    'status.offline': 'Sem conexão, tentando novamente…',
    'replaced.title': 'Outra janela assumiu esta tela',
    'replaced.body':
      'O player está aberto em outra aba ou janela. Feche esta ou volte a exibir o player aqui.',
    'replaced.action': 'Exibir o player aqui',
  },
  'zh-CN': {
    starting: '正在启动…',
    'unpaired.title': '将此屏幕添加到 Vitrine',
    'unpaired.signageId': '标牌 ID',
    'unpaired.pin': 'PIN 码',
    'unpaired.server': '服务器',
    'unpaired.instruction': '在 Vitrine 中打开“设备 → 添加设备”，输入此标牌 ID 和 PIN 码。',
    'unpaired.scan': '或用手机扫描此二维码打开表单。',
    'status.connecting': '正在连接…',
    'status.connected': '已连接',
    'status.offline': '离线，正在重试…',
    'replaced.title': '另一个窗口已接管此屏幕',
    'replaced.body': '播放器已在另一个标签页或窗口中打开。请关闭此窗口，或在此处重新显示播放器。',
    'replaced.action': '在此处显示播放器',
  },
  'zh-TW': {
    starting: '正在啟動…',
    'unpaired.title': '將此螢幕新增至 Vitrine',
    'unpaired.signageId': '看板 ID',
    'unpaired.pin': 'PIN 碼',
    'unpaired.server': '伺服器',
    'unpaired.instruction': '在 Vitrine 中開啟「裝置 → 新增裝置」，輸入此看板 ID 和 PIN 碼。',
    'unpaired.scan': '或用手機掃描此 QR 碼開啟表單。',
    'status.connecting': '正在連線…',
    'status.connected': '已連線',
    'status.offline': '離線，正在重試…',
    'replaced.title': '另一個視窗已接管此螢幕',
    'replaced.body': '播放器已在另一個分頁或視窗中開啟。請關閉此視窗，或在此處重新顯示播放器。',
    'replaced.action': '在此處顯示播放器',
  },
};
