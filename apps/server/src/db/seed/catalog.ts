/**
 * Demo catalogue the server seeds into its database: the two games with their servers, every
 * product (vouchers, gems, VIP passes, other items, free web-only gifts) with names and
 * descriptions in all 22 interface languages, and the pay channels per game and region.
 *
 * Prices are integer US cents. One voucher is worth one US cent.
 * Thumbnails live in apps/web/public/goods, pay icons in apps/web/public/pay.
 */
import { CategoryId, GoodsType } from '@shop/contract/catalog.schema';
import type { Language } from '@shop/contract/languages';

export type Localized = Record<Language, string>;

export interface SeedGame {
  appId: number;
  name: string;
  /** The game's art (issue 14): SVGs drawn for the demo, served by the web app (apps/web/public/games). */
  banner: string;
  icon: string;
  servers: { serverId: string; serverName: string }[];
}

export interface SeedProduct {
  id: number;
  appId: number;
  /** diamond 1, vip 2, other 3, free 4, voucher 5 */
  goodsType: 1 | 2 | 3 | 4 | 5;
  /** free 1, diamond 17, vip 15, other 20, voucher 30 */
  categoryId: number;
  productSn: string;
  priceMinor: number;
  discountPriceMinor: number;
  currency: 'USD';
  /** Vouchers credited by a voucher pack (0 for everything else). */
  voucherAmount: number;
  config: Record<string, unknown>;
  thumbnail: string;
  sort: number;
  hidden?: boolean;
  names: Localized;
  descs: Localized;
}

export interface SeedChannel {
  appId: number;
  /** ISO alpha-2, or "*" = every region without its own list. */
  regionCode: string;
  payMethodName: string;
  payMethodId: string;
  thirdChannelId: string;
  thirdChannelName: 'xsolla' | 'paypal' | 'payermax';
  payIcon: string;
  sort: number;
}

const BREAKING_DEAD = 10030;
const MYTH_WARS = 10002;

// ---------------------------------------------------------------------------------------------
// Games
// ---------------------------------------------------------------------------------------------

export const GAMES: SeedGame[] = [
  {
    appId: BREAKING_DEAD,
    name: 'Breaking Dead',
    banner: '/games/breaking-dead-banner.svg',
    icon: '/games/breaking-dead-icon.svg',
    servers: [
      { serverId: '1', serverName: 'S1 - Dawn' },
      { serverId: '2', serverName: 'S2 - Outpost' },
      { serverId: '3', serverName: 'S3 - Wasteland' },
      { serverId: '4', serverName: 'S4 - Safe Zone' },
      { serverId: '5', serverName: 'S5 - Last Light' },
      { serverId: '10001', serverName: 'S10001 - Demo' },
    ],
  },
  {
    appId: MYTH_WARS,
    name: 'Myth Wars & Puzzles',
    banner: '/games/myth-wars-banner.svg',
    icon: '/games/myth-wars-icon.svg',
    servers: [
      { serverId: '1', serverName: 'S1 - Olympus' },
      { serverId: '2', serverName: 'S2 - Asgard' },
      { serverId: '3', serverName: 'S3 - Avalon' },
      { serverId: '4', serverName: 'S4 - Atlantis' },
      { serverId: '10001', serverName: 'S10001 - Demo' },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Localised text building blocks
// ---------------------------------------------------------------------------------------------

interface Phrases {
  /** Count of vouchers as used in a product name, e.g. "499 Vouchers". */
  vouchers(n: number): string;
  /**
   * Count of gems as used in a product name, e.g. "1100 Gems". Both games' premium currency (config.diamond, the spec's
   * "diamonds (gems)") has one name in each language, the one the shop's Gems tab uses (issue 14.6).
   */
  gems(n: number): string;
  /** A VIP pass of the given length, e.g. "30-day VIP pass". */
  vip(days: number): string;
  vouchersDesc(n: number): string;
  vouchersVipDesc(n: number, days: number): string;
  vouchersGemsDesc(n: number, gems: number): string;
  gemsDesc(n: number): string;
  vipDesc(days: number): string;
}

/** Russian and Ukrainian plural forms. */
function eastSlavic(n: number, one: string, few: string, many: string): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

/** Polish plural forms. */
function polish(n: number, one: string, few: string, many: string): string {
  if (n === 1) return one;
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

const PHRASES: Record<Language, Phrases> = {
  en: {
    vouchers: (n) => `${n} Vouchers`,
    gems: (n) => `${n} Gems`,
    vip: (d) => `${d}-day VIP pass`,
    vouchersDesc: (n) => `Adds ${n} vouchers to your balance. Spend them on almost any paid item in the game.`,
    vouchersVipDesc: (n, d) => `Adds ${n} vouchers to your balance, enough for a ${d}-day VIP pass in the game.`,
    vouchersGemsDesc: (n, g) =>
      `Adds ${n} vouchers to your balance and delivers ${g} gems to your character.`,
    gemsDesc: (n) => `${n} gems delivered straight to your bound character.`,
    vipDesc: (d) => `${d} days of VIP perks: daily rewards, faster progress and exclusive deals.`,
  },
  de: {
    vouchers: (n) => `${n} Gutscheine`,
    gems: (n) => `${n} Edelsteine`,
    vip: (d) => `${d}-Tage-VIP-Pass`,
    vouchersDesc: (n) =>
      `Fügt deinem Guthaben ${n} Gutscheine hinzu. Einlösbar für fast alle kostenpflichtigen Artikel im Spiel.`,
    vouchersVipDesc: (n, d) => `Fügt deinem Guthaben ${n} Gutscheine hinzu – genug für einen ${d}-Tage-VIP-Pass im Spiel.`,
    vouchersGemsDesc: (n, g) =>
      `Fügt deinem Guthaben ${n} Gutscheine hinzu und liefert ${g} Edelsteine an deinen Charakter.`,
    gemsDesc: (n) => `${n} Edelsteine, direkt an deinen verknüpften Charakter geliefert.`,
    vipDesc: (d) => `${d} Tage VIP-Vorteile: tägliche Belohnungen, schnellerer Fortschritt und exklusive Angebote.`,
  },
  fr: {
    vouchers: (n) => `${n} bons`,
    gems: (n) => `${n} gemmes`,
    vip: (d) => `Pass VIP ${d} jours`,
    vouchersDesc: (n) => `Ajoute ${n} bons à votre solde, utilisables pour presque tous les objets payants du jeu.`,
    vouchersVipDesc: (n, d) =>
      `Ajoute ${n} bons à votre solde, de quoi obtenir un pass VIP de ${d} jours dans le jeu.`,
    vouchersGemsDesc: (n, g) =>
      `Ajoute ${n} bons à votre solde et livre ${g} gemmes à votre personnage.`,
    gemsDesc: (n) =>
      `${n} gemmes livrées directement à votre personnage associé.`,
    vipDesc: (d) =>
      `${d} jours d'avantages VIP : récompenses quotidiennes, progression accélérée et offres exclusives.`,
  },
  it: {
    vouchers: (n) => `${n} buoni`,
    gems: (n) => `${n} gemme`,
    vip: (d) => `Pass VIP ${d} giorni`,
    vouchersDesc: (n) =>
      `Aggiunge ${n} buoni al tuo saldo, da spendere su quasi tutti gli oggetti a pagamento del gioco.`,
    vouchersVipDesc: (n, d) =>
      `Aggiunge ${n} buoni al tuo saldo, sufficienti per un pass VIP di ${d} giorni nel gioco.`,
    vouchersGemsDesc: (n, g) =>
      `Aggiunge ${n} buoni al tuo saldo e consegna ${g} gemme al tuo personaggio.`,
    gemsDesc: (n) =>
      `${n} gemme consegnate direttamente al tuo personaggio collegato.`,
    vipDesc: (d) => `${d} giorni di vantaggi VIP: ricompense giornaliere, progressi più rapidi e offerte esclusive.`,
  },
  pl: {
    vouchers: (n) => `${n} ${polish(n, 'bon', 'bony', 'bonów')}`,
    gems: (n) =>
      `${n} ${polish(n, 'klejnot', 'klejnoty', 'klejnotów')}`,
    vip: (d) => `Karnet VIP na ${d} ${polish(d, 'dzień', 'dni', 'dni')}`,
    vouchersDesc: (n) =>
      `Dodaje ${PHRASES.pl.vouchers(n)} do salda. Wydasz je na prawie każdy płatny przedmiot w grze.`,
    vouchersVipDesc: (n, d) =>
      `Dodaje ${PHRASES.pl.vouchers(n)} do salda – wystarczy na karnet VIP na ${d} dni w grze.`,
    vouchersGemsDesc: (n, g) =>
      `Dodaje ${PHRASES.pl.vouchers(n)} do salda i przekazuje ${PHRASES.pl.gems(g)} Twojej postaci.`,
    gemsDesc: (n) =>
      `${PHRASES.pl.gems(n)} ${polish(n, 'trafia', 'trafiają', 'trafia')} prosto do Twojej powiązanej postaci.`,
    vipDesc: (d) => `${d} dni korzyści VIP: codzienne nagrody, szybsze postępy i ekskluzywne oferty.`,
  },
  ru: {
    vouchers: (n) => `${n} ${eastSlavic(n, 'ваучер', 'ваучера', 'ваучеров')}`,
    gems: (n) =>
      `${n} ${eastSlavic(n, 'самоцвет', 'самоцвета', 'самоцветов')}`,
    vip: (d) => `VIP-пропуск на ${d} ${eastSlavic(d, 'день', 'дня', 'дней')}`,
    vouchersDesc: (n) =>
      `Зачисляет ${PHRASES.ru.vouchers(n)} на ваш баланс. Ими можно оплатить почти любой платный предмет в игре.`,
    vouchersVipDesc: (n, d) =>
      `Зачисляет ${PHRASES.ru.vouchers(n)} на ваш баланс — этого хватит на ${PHRASES.ru.vip(d)} в игре.`,
    vouchersGemsDesc: (n, g) =>
      `Зачисляет ${PHRASES.ru.vouchers(n)} на ваш баланс, а ваш персонаж получит ${PHRASES.ru.gems(g)}.`,
    gemsDesc: (n) => `Ваш привязанный персонаж сразу получит ${PHRASES.ru.gems(n)}.`,
    vipDesc: (d) =>
      `${d} ${eastSlavic(d, 'день', 'дня', 'дней')} VIP-привилегий: ежедневные награды, быстрый прогресс и эксклюзивные предложения.`,
  },
  uk: {
    vouchers: (n) => `${n} ${eastSlavic(n, 'ваучер', 'ваучери', 'ваучерів')}`,
    gems: (n) =>
      `${n} ${eastSlavic(n, 'самоцвіт', 'самоцвіти', 'самоцвітів')}`,
    vip: (d) => `VIP-пропуск на ${d} ${eastSlavic(d, 'день', 'дні', 'днів')}`,
    vouchersDesc: (n) =>
      `Зараховує ${PHRASES.uk.vouchers(n)} на ваш баланс. Ними можна оплатити майже будь-який платний предмет у грі.`,
    vouchersVipDesc: (n, d) =>
      `Зараховує ${PHRASES.uk.vouchers(n)} на ваш баланс — цього вистачить на ${PHRASES.uk.vip(d)} у грі.`,
    vouchersGemsDesc: (n, g) =>
      `Зараховує ${PHRASES.uk.vouchers(n)} на ваш баланс, а ваш персонаж отримає ${PHRASES.uk.gems(g)}.`,
    gemsDesc: (n) => `Ваш прив’язаний персонаж одразу отримає ${PHRASES.uk.gems(n)}.`,
    vipDesc: (d) =>
      `${d} ${eastSlavic(d, 'день', 'дні', 'днів')} VIP-привілеїв: щоденні нагороди, швидший прогрес і ексклюзивні пропозиції.`,
  },
  ja: {
    vouchers: (n) => `${n}バウチャー`,
    gems: (n) => `${n}ジェム`,
    vip: (d) => `${d}日間VIPパス`,
    vouchersDesc: (n) => `残高に${n}バウチャーを追加します。ゲーム内のほぼすべての有料アイテムに使えます。`,
    vouchersVipDesc: (n, d) => `残高に${n}バウチャーを追加します。ゲーム内で${d}日間VIPパスを購入できる量です。`,
    vouchersGemsDesc: (n, g) =>
      `残高に${n}バウチャーを追加し、キャラクターに${g}ジェムをお届けします。`,
    gemsDesc: (n) => `連携中のキャラクターに${n}ジェムを直接お届けします。`,
    vipDesc: (d) => `${d}日間のVIP特典：毎日の報酬、成長加速、限定セールをお楽しみください。`,
  },
  ko: {
    vouchers: (n) => `바우처 ${n}개`,
    gems: (n) => `보석 ${n}개`,
    vip: (d) => `${d}일 VIP 패스`,
    vouchersDesc: (n) =>
      `잔액에 바우처 ${n}개가 추가됩니다. 게임 내 거의 모든 유료 아이템에 사용할 수 있습니다.`,
    vouchersVipDesc: (n, d) =>
      `잔액에 바우처 ${n}개가 추가됩니다. 게임 내 ${d}일 VIP 패스를 구매하기에 충분합니다.`,
    vouchersGemsDesc: (n, g) =>
      `잔액에 바우처 ${n}개가 추가되고 캐릭터에게 보석 ${g}개가 지급됩니다.`,
    gemsDesc: (n) => `연결된 캐릭터에게 보석 ${n}개가 바로 지급됩니다.`,
    vipDesc: (d) => `${d}일간 VIP 혜택: 매일 보상, 빠른 성장, 전용 특가를 누리세요.`,
  },
  es: {
    vouchers: (n) => `${n} vales`,
    gems: (n) => `${n} gemas`,
    vip: (d) => `Pase VIP de ${d} días`,
    vouchersDesc: (n) => `Añade ${n} vales a tu saldo. Úsalos en casi cualquier artículo de pago del juego.`,
    vouchersVipDesc: (n, d) => `Añade ${n} vales a tu saldo, suficientes para un pase VIP de ${d} días en el juego.`,
    vouchersGemsDesc: (n, g) =>
      `Añade ${n} vales a tu saldo y entrega ${g} gemas a tu personaje.`,
    gemsDesc: (n) =>
      `${n} gemas entregadas directamente a tu personaje vinculado.`,
    vipDesc: (d) => `${d} días de ventajas VIP: recompensas diarias, progreso más rápido y ofertas exclusivas.`,
  },
  pt: {
    vouchers: (n) => `${n} vouchers`,
    gems: (n) => `${n} gemas`,
    vip: (d) => `Passe VIP de ${d} dias`,
    vouchersDesc: (n) => `Adiciona ${n} vouchers ao seu saldo. Use-os em quase todos os itens pagos do jogo.`,
    vouchersVipDesc: (n, d) =>
      `Adiciona ${n} vouchers ao seu saldo, o suficiente para um passe VIP de ${d} dias no jogo.`,
    vouchersGemsDesc: (n, g) =>
      `Adiciona ${n} vouchers ao seu saldo e entrega ${g} gemas ao seu personagem.`,
    gemsDesc: (n) => `${n} gemas entregues diretamente ao seu personagem vinculado.`,
    vipDesc: (d) => `${d} dias de vantagens VIP: recompensas diárias, progresso mais rápido e ofertas exclusivas.`,
  },
  da: {
    vouchers: (n) => `${n} vouchers`,
    gems: (n) => `${n} ædelsten`,
    vip: (d) => `${d}-dages VIP-pas`,
    vouchersDesc: (n) => `Tilføjer ${n} vouchers til din saldo. Brug dem på næsten alle betalte genstande i spillet.`,
    vouchersVipDesc: (n, d) => `Tilføjer ${n} vouchers til din saldo – nok til et ${d}-dages VIP-pas i spillet.`,
    vouchersGemsDesc: (n, g) =>
      `Tilføjer ${n} vouchers til din saldo og leverer ${g} ædelsten til din karakter.`,
    gemsDesc: (n) => `${n} ædelsten leveret direkte til din tilknyttede karakter.`,
    vipDesc: (d) => `${d} dages VIP-fordele: daglige belønninger, hurtigere fremskridt og eksklusive tilbud.`,
  },
  id: {
    vouchers: (n) => `${n} Voucher`,
    gems: (n) => `${n} Permata`,
    vip: (d) => `Pass VIP ${d} Hari`,
    vouchersDesc: (n) =>
      `Menambahkan ${n} voucher ke saldo Anda. Gunakan untuk hampir semua item berbayar di dalam game.`,
    vouchersVipDesc: (n, d) =>
      `Menambahkan ${n} voucher ke saldo Anda, cukup untuk Pass VIP ${d} hari di dalam game.`,
    vouchersGemsDesc: (n, g) =>
      `Menambahkan ${n} voucher ke saldo Anda dan mengirim ${g} permata ke karakter Anda.`,
    gemsDesc: (n) => `${n} permata langsung dikirim ke karakter Anda yang terhubung.`,
    vipDesc: (d) =>
      `Nikmati keuntungan VIP selama ${d} hari: hadiah harian, progres lebih cepat, dan penawaran eksklusif.`,
  },
  th: {
    vouchers: (n) => `บัตรกำนัล ${n} ใบ`,
    gems: (n) => `อัญมณี ${n} เม็ด`,
    vip: (d) => `บัตร VIP ${d} วัน`,
    vouchersDesc: (n) =>
      `เพิ่มบัตรกำนัล ${n} ใบในยอดคงเหลือของคุณ ใช้ซื้อไอเทมแบบชำระเงินในเกมได้เกือบทั้งหมด`,
    vouchersVipDesc: (n, d) => `เพิ่มบัตรกำนัล ${n} ใบในยอดคงเหลือของคุณ เพียงพอสำหรับบัตร VIP ${d} วันในเกม`,
    vouchersGemsDesc: (n, g) =>
      `เพิ่มบัตรกำนัล ${n} ใบในยอดคงเหลือของคุณ และส่งอัญมณี ${g} เม็ดให้ตัวละครของคุณ`,
    gemsDesc: (n) => `ส่งอัญมณี ${n} เม็ดตรงถึงตัวละครที่ผูกไว้ของคุณทันที`,
    vipDesc: (d) => `รับสิทธิพิเศษ VIP ${d} วัน: รางวัลรายวัน เลื่อนระดับเร็วขึ้น และข้อเสนอสุดพิเศษ`,
  },
  tr: {
    vouchers: (n) => `${n} Kupon`,
    gems: (n) => `${n} Mücevher`,
    vip: (d) => `${d} Günlük VIP Kartı`,
    vouchersDesc: (n) => `Bakiyenize ${n} kupon ekler. Oyundaki neredeyse tüm ücretli eşyalarda kullanabilirsiniz.`,
    vouchersVipDesc: (n, d) => `Bakiyenize ${n} kupon ekler; oyunda ${d} günlük VIP kartı için yeterlidir.`,
    vouchersGemsDesc: (n, g) =>
      `Bakiyenize ${n} kupon ekler ve karakterinize ${g} mücevher gönderir.`,
    gemsDesc: (n) => `${n} mücevher doğrudan bağlı karakterinize gönderilir.`,
    vipDesc: (d) => `${d} gün boyunca VIP ayrıcalıkları: günlük ödüller, daha hızlı ilerleme ve özel fırsatlar.`,
  },
  nl: {
    vouchers: (n) => `${n} vouchers`,
    gems: (n) => `${n} edelstenen`,
    vip: (d) => `${d}-daagse VIP-pas`,
    vouchersDesc: (n) =>
      `Voegt ${n} vouchers toe aan je saldo. Te besteden aan bijna alle betaalde items in het spel.`,
    vouchersVipDesc: (n, d) =>
      `Voegt ${n} vouchers toe aan je saldo, genoeg voor een ${d}-daagse VIP-pas in het spel.`,
    vouchersGemsDesc: (n, g) =>
      `Voegt ${n} vouchers toe aan je saldo en levert ${g} edelstenen aan je personage.`,
    gemsDesc: (n) => `${n} edelstenen, direct geleverd aan je gekoppelde personage.`,
    vipDesc: (d) => `${d} dagen VIP-voordelen: dagelijkse beloningen, snellere voortgang en exclusieve aanbiedingen.`,
  },
  no: {
    vouchers: (n) => `${n} kuponger`,
    gems: (n) => `${n} edelstener`,
    vip: (d) => `${d}-dagers VIP-pass`,
    vouchersDesc: (n) =>
      `Legger ${n} kuponger til saldoen din. Bruk dem på nesten alle betalte gjenstander i spillet.`,
    vouchersVipDesc: (n, d) => `Legger ${n} kuponger til saldoen din – nok til et ${d}-dagers VIP-pass i spillet.`,
    vouchersGemsDesc: (n, g) =>
      `Legger ${n} kuponger til saldoen din og leverer ${g} edelstener til karakteren din.`,
    gemsDesc: (n) => `${n} edelstener levert rett til den tilknyttede karakteren din.`,
    vipDesc: (d) => `${d} dager med VIP-fordeler: daglige belønninger, raskere fremgang og eksklusive tilbud.`,
  },
  sv: {
    vouchers: (n) => `${n} kuponger`,
    gems: (n) => `${n} ädelstenar`,
    vip: (d) => `VIP-pass i ${d} dagar`,
    vouchersDesc: (n) =>
      `Lägger till ${n} kuponger i ditt saldo. Använd dem på nästan alla betalda föremål i spelet.`,
    vouchersVipDesc: (n, d) =>
      `Lägger till ${n} kuponger i ditt saldo – tillräckligt för ett VIP-pass i ${d} dagar i spelet.`,
    vouchersGemsDesc: (n, g) =>
      `Lägger till ${n} kuponger i ditt saldo och levererar ${g} ädelstenar till din karaktär.`,
    gemsDesc: (n) => `${n} ädelstenar levereras direkt till din kopplade karaktär.`,
    vipDesc: (d) => `${d} dagar med VIP-förmåner: dagliga belöningar, snabbare framsteg och exklusiva erbjudanden.`,
  },
  vi: {
    vouchers: (n) => `${n} phiếu`,
    gems: (n) => `${n} Đá quý`,
    vip: (d) => `Thẻ VIP ${d} ngày`,
    vouchersDesc: (n) =>
      `Cộng ${n} phiếu vào số dư của bạn. Dùng để mua gần như mọi vật phẩm trả phí trong game.`,
    vouchersVipDesc: (n, d) =>
      `Cộng ${n} phiếu vào số dư của bạn, đủ để mua thẻ VIP ${d} ngày trong game.`,
    vouchersGemsDesc: (n, g) =>
      `Cộng ${n} phiếu vào số dư và gửi ${g} đá quý đến nhân vật của bạn.`,
    gemsDesc: (n) =>
      `${n} đá quý được gửi thẳng đến nhân vật đã liên kết của bạn.`,
    vipDesc: (d) =>
      `Tận hưởng đặc quyền VIP trong ${d} ngày: quà hằng ngày, tiến bộ nhanh hơn và ưu đãi độc quyền.`,
  },
  el: {
    vouchers: (n) => `${n} κουπόνια`,
    gems: (n) => `${n} πετράδια`,
    vip: (d) => `VIP πάσο ${d} ημερών`,
    vouchersDesc: (n) =>
      `Προσθέτει ${n} κουπόνια στο υπόλοιπό σας. Χρησιμοποιήστε τα σε σχεδόν κάθε επί πληρωμή αντικείμενο του παιχνιδιού.`,
    vouchersVipDesc: (n, d) =>
      `Προσθέτει ${n} κουπόνια στο υπόλοιπό σας, αρκετά για ένα VIP πάσο ${d} ημερών στο παιχνίδι.`,
    vouchersGemsDesc: (n, g) =>
      `Προσθέτει ${n} κουπόνια στο υπόλοιπό σας και παραδίδει ${g} πετράδια στον χαρακτήρα σας.`,
    gemsDesc: (n) =>
      `${n} πετράδια παραδίδονται απευθείας στον συνδεδεμένο χαρακτήρα σας.`,
    vipDesc: (d) =>
      `${d} ημέρες προνομίων VIP: καθημερινές ανταμοιβές, ταχύτερη πρόοδος και αποκλειστικές προσφορές.`,
  },
  zh: {
    vouchers: (n) => `${n}代金券`,
    gems: (n) => `${n}宝石`,
    vip: (d) => `${d}天VIP通行证`,
    vouchersDesc: (n) => `向余额充值${n}代金券，可用于游戏内几乎所有付费道具。`,
    vouchersVipDesc: (n, d) => `向余额充值${n}代金券，足够在游戏内购买${d}天VIP通行证。`,
    vouchersGemsDesc: (n, g) => `向余额充值${n}代金券，并向你的角色发放${g}宝石。`,
    gemsDesc: (n) => `${n}宝石将直接发放到你绑定的角色。`,
    vipDesc: (d) => `尊享${d}天VIP特权：每日奖励、更快成长和专属优惠。`,
  },
  zh_TW: {
    vouchers: (n) => `${n}代金券`,
    gems: (n) => `${n}寶石`,
    vip: (d) => `${d}天VIP通行證`,
    vouchersDesc: (n) => `為餘額儲值${n}代金券，可用於遊戲內幾乎所有付費道具。`,
    vouchersVipDesc: (n, d) => `為餘額儲值${n}代金券，足以在遊戲內購買${d}天VIP通行證。`,
    vouchersGemsDesc: (n, g) => `為餘額儲值${n}代金券，並向你的角色發放${g}寶石。`,
    gemsDesc: (n) => `${n}寶石將直接發放到你綁定的角色。`,
    vipDesc: (d) => `尊享${d}天VIP特權：每日獎勵、更快成長與專屬優惠。`,
  },
};

const LANGUAGES = Object.keys(PHRASES) as Language[];

/** Builds a Localized record from the phrase table. */
function localize(build: (phrases: Phrases) => string): Localized {
  return Object.fromEntries(LANGUAGES.map((language) => [language, build(PHRASES[language])])) as Localized;
}

/** Joins two localized parts of a product name with a middle dot. */
const joined = (a: Localized, b: Localized): Localized =>
  Object.fromEntries(LANGUAGES.map((language) => [language, `${a[language]} · ${b[language]}`])) as Localized;

// Hand-translated names and descriptions of the one-off items.

const TEXT = {
  starterName: {
    en: 'Starter Bundle', de: 'Starterpaket', fr: 'Pack de démarrage', it: 'Pacchetto iniziale',
    pl: 'Pakiet startowy', ru: 'Стартовый набор', uk: 'Стартовий набір', ja: 'スターターパック',
    ko: '스타터 번들', es: 'Paquete de inicio', pt: 'Pacote inicial', da: 'Startpakke', id: 'Paket Pemula',
    th: 'แพ็กเริ่มต้น', tr: 'Başlangıç Paketi', nl: 'Startersbundel', no: 'Startpakke', sv: 'Startpaket',
    vi: 'Gói khởi đầu', el: 'Πακέτο εκκίνησης', zh: '新手礼包', zh_TW: '新手禮包',
  },
  starterDesc: {
    en: 'A one-time head start for new players: premium currency, energy and rare gear.',
    de: 'Ein einmaliger Vorsprung für neue Spieler: Premiumwährung, Energie und seltene Ausrüstung.',
    fr: 'Un coup de pouce unique pour les nouveaux joueurs : monnaie premium, énergie et équipement rare.',
    it: 'Una spinta una tantum per i nuovi giocatori: valuta premium, energia ed equipaggiamento raro.',
    pl: 'Jednorazowy start dla nowych graczy: waluta premium, energia i rzadki ekwipunek.',
    ru: 'Разовый бонус для новичков: премиум-валюта, энергия и редкое снаряжение.',
    uk: 'Разовий бонус для новачків: преміум-валюта, енергія та рідкісне спорядження.',
    ja: '新規プレイヤー向けの一回限りのお得なパック：プレミアム通貨、エナジー、レア装備入り。',
    ko: '신규 플레이어를 위한 1회 한정 패키지: 프리미엄 재화, 에너지, 희귀 장비 포함.',
    es: 'Un impulso único para nuevos jugadores: moneda premium, energía y equipo raro.',
    pt: 'Um impulso único para novos jogadores: moeda premium, energia e equipamento raro.',
    da: 'Et engangsforspring for nye spillere: premiumvaluta, energi og sjældent udstyr.',
    id: 'Dorongan sekali beli untuk pemain baru: mata uang premium, energi, dan perlengkapan langka.',
    th: 'แพ็กพิเศษซื้อได้ครั้งเดียวสำหรับผู้เล่นใหม่: สกุลเงินพรีเมียม พลังงาน และอุปกรณ์หายาก',
    tr: 'Yeni oyunculara tek seferlik avantaj: premium para birimi, enerji ve nadir ekipman.',
    nl: 'Een eenmalige vliegende start voor nieuwe spelers: premiumvaluta, energie en zeldzame uitrusting.',
    no: 'Et engangs forsprang for nye spillere: premiumvaluta, energi og sjeldent utstyr.',
    sv: 'Ett engångsförsprång för nya spelare: premiumvaluta, energi och sällsynt utrustning.',
    vi: 'Khởi đầu thuận lợi một lần cho người chơi mới: tiền tệ cao cấp, năng lượng và trang bị hiếm.',
    el: 'Μια εφάπαξ ώθηση για νέους παίκτες: premium νόμισμα, ενέργεια και σπάνιος εξοπλισμός.',
    zh: '新玩家限购一次的助力礼包：高级货币、能量和稀有装备。',
    zh_TW: '新玩家限購一次的助力禮包：高級貨幣、能量和稀有裝備。',
  },
  energyName: {
    en: 'Energy Refill Pack', de: 'Energie-Nachfüllpaket', fr: "Pack de recharge d'énergie",
    it: 'Pacchetto ricarica energia', pl: 'Pakiet odnowienia energii', ru: 'Набор восполнения энергии',
    uk: 'Набір відновлення енергії', ja: 'エナジー回復パック', ko: '에너지 충전 팩',
    es: 'Paquete de recarga de energía', pt: 'Pacote de recarga de energia', da: 'Energipåfyldningspakke',
    id: 'Paket Isi Ulang Energi', th: 'แพ็กเติมพลังงาน', tr: 'Enerji Yenileme Paketi', nl: 'Energie-aanvulpakket',
    no: 'Energipåfyllingspakke', sv: 'Energipåfyllningspaket', vi: 'Gói hồi năng lượng',
    el: 'Πακέτο αναπλήρωσης ενέργειας', zh: '能量补充包', zh_TW: '能量補充包',
  },
  energyDesc: {
    en: '5 full energy refills, so you can keep playing without waiting.',
    de: '5 volle Energie-Aufladungen, damit du ohne Wartezeit weiterspielen kannst.',
    fr: "5 recharges complètes d'énergie pour continuer à jouer sans attendre.",
    it: '5 ricariche complete di energia per continuare a giocare senza aspettare.',
    pl: '5 pełnych odnowień energii, by grać dalej bez czekania.',
    ru: '5 полных восполнений энергии, чтобы играть без ожидания.',
    uk: '5 повних відновлень енергії, щоб грати без очікування.',
    ja: 'エナジーを5回全回復。待ち時間なしでプレイを続けられます。',
    ko: '에너지를 5회 완전 충전해 기다림 없이 계속 플레이하세요.',
    es: '5 recargas completas de energía para seguir jugando sin esperar.',
    pt: '5 recargas completas de energia para continuar jogando sem esperar.',
    da: '5 fulde energipåfyldninger, så du kan spille videre uden at vente.',
    id: '5 kali isi ulang energi penuh agar Anda bisa terus bermain tanpa menunggu.',
    th: 'เติมพลังงานเต็ม 5 ครั้ง เล่นต่อได้ทันทีไม่ต้องรอ',
    tr: '5 tam enerji yenilemesi; beklemeden oynamaya devam edin.',
    nl: '5 volledige energie-aanvullingen, zodat je zonder wachten kunt doorspelen.',
    no: '5 fulle energipåfyllinger, så du kan spille videre uten å vente.',
    sv: '5 fulla energipåfyllningar så att du kan fortsätta spela utan att vänta.',
    vi: '5 lần hồi đầy năng lượng để tiếp tục chơi mà không phải chờ.',
    el: '5 πλήρεις αναπληρώσεις ενέργειας για να συνεχίσετε να παίζετε χωρίς αναμονή.',
    zh: '5次能量完全恢复，无需等待即可继续游戏。',
    zh_TW: '5次能量完全恢復，無需等待即可繼續遊戲。',
  },
  crateName: {
    en: 'Survivor Supply Crate', de: 'Überlebenden-Versorgungskiste', fr: 'Caisse de ravitaillement du survivant',
    it: 'Cassa rifornimenti sopravvissuti', pl: 'Skrzynia zaopatrzenia ocalałych', ru: 'Ящик припасов выжившего',
    uk: 'Ящик припасів вцілілого', ja: 'サバイバー補給箱', ko: '생존자 보급 상자',
    es: 'Caja de suministros del superviviente', pt: 'Caixa de suprimentos do sobrevivente',
    da: 'Overlevendes forsyningskasse', id: 'Peti Pasokan Penyintas', th: 'กล่องเสบียงผู้รอดชีวิต',
    tr: 'Hayatta Kalan Erzak Sandığı', nl: 'Voorraadkist voor overlevenden', no: 'Forsyningskasse for overlevende',
    sv: 'Förnödenhetslåda för överlevare', vi: 'Thùng tiếp tế sinh tồn', el: 'Κιβώτιο εφοδίων επιζώντα',
    zh: '幸存者补给箱', zh_TW: '倖存者補給箱',
  },
  crateDesc: {
    en: 'Ammo, medkits and rare weapon parts to keep your survivors in the fight.',
    de: 'Munition, Medikits und seltene Waffenteile, damit deine Überlebenden kampfbereit bleiben.',
    fr: "Munitions, trousses de soin et pièces d'armes rares pour garder vos survivants au combat.",
    it: "Munizioni, medikit e parti d'arma rare per tenere i tuoi sopravvissuti in battaglia.",
    pl: 'Amunicja, apteczki i rzadkie części broni, by Twoi ocaleni mogli dalej walczyć.',
    ru: 'Патроны, аптечки и редкие детали оружия, чтобы ваши выжившие продолжали бой.',
    uk: 'Набої, аптечки та рідкісні деталі зброї, щоб ваші вцілілі продовжували бій.',
    ja: '弾薬、救急キット、レア武器パーツで生存者たちの戦いを支えます。',
    ko: '탄약, 구급상자, 희귀 무기 부품으로 생존자들의 전투를 지원하세요.',
    es: 'Munición, botiquines y piezas de armas raras para que tus supervivientes sigan luchando.',
    pt: 'Munição, kits médicos e peças de armas raras para manter seus sobreviventes na luta.',
    da: 'Ammunition, førstehjælpskasser og sjældne våbendele, så dine overlevende kan blive ved med at kæmpe.',
    id: 'Amunisi, kotak P3K, dan suku cadang senjata langka agar penyintas Anda terus bertarung.',
    th: 'กระสุน ชุดปฐมพยาบาล และชิ้นส่วนอาวุธหายาก ช่วยให้ผู้รอดชีวิตของคุณสู้ต่อไปได้',
    tr: 'Hayatta kalanlarınızı savaşta tutmak için cephane, ilk yardım kitleri ve nadir silah parçaları.',
    nl: 'Munitie, EHBO-kits en zeldzame wapenonderdelen om je overlevenden in het gevecht te houden.',
    no: 'Ammunisjon, førstehjelpsskrin og sjeldne våpendeler som holder de overlevende i kampen.',
    sv: 'Ammunition, förbandslådor och sällsynta vapendelar som håller dina överlevare i striden.',
    vi: 'Đạn dược, bộ sơ cứu và linh kiện vũ khí hiếm giúp những người sống sót của bạn tiếp tục chiến đấu.',
    el: 'Πυρομαχικά, κιτ πρώτων βοηθειών και σπάνια εξαρτήματα όπλων για να συνεχίσουν οι επιζώντες σας τη μάχη.',
    zh: '弹药、医疗包和稀有武器零件，让你的幸存者持续战斗。',
    zh_TW: '彈藥、醫療包和稀有武器零件，讓你的倖存者持續戰鬥。',
  },
  scrollsName: {
    en: '10 Summon Scrolls', de: '10 Beschwörungsschriftrollen', fr: "10 parchemins d'invocation",
    it: '10 pergamene di evocazione', pl: '10 zwojów przywołania', ru: '10 свитков призыва', uk: '10 сувоїв призову',
    ja: '召喚スクロール10枚', ko: '소환 주문서 10개', es: '10 pergaminos de invocación',
    pt: '10 pergaminhos de invocação', da: '10 påkaldelsesruller', id: '10 Gulungan Pemanggilan',
    th: 'คัมภีร์อัญเชิญ 10 ม้วน', tr: '10 Çağırma Parşömeni', nl: '10 oproepingsrollen', no: '10 påkallingsruller',
    sv: '10 frammaningsrullar', vi: '10 Cuộn giấy triệu hồi', el: '10 πάπυροι επίκλησης',
    zh: '10张召唤卷轴', zh_TW: '10張召喚卷軸',
  },
  scrollsDesc: {
    en: 'Summon 10 heroes at once, with at least one epic hero guaranteed.',
    de: 'Beschwöre 10 Helden auf einmal – mindestens ein epischer Held ist garantiert.',
    fr: "Invoquez 10 héros d'un coup, avec au moins un héros épique garanti.",
    it: 'Evoca 10 eroi in una volta, con almeno un eroe epico garantito.',
    pl: 'Przywołaj 10 bohaterów naraz – co najmniej jeden epicki bohater gwarantowany.',
    ru: 'Призовите 10 героев за раз — как минимум один эпический герой гарантирован.',
    uk: 'Призвіть 10 героїв за раз — щонайменше один епічний герой гарантовано.',
    ja: '10体の英雄を一度に召喚。エピック英雄が最低1体確定。',
    ko: '영웅 10명을 한 번에 소환하고 에픽 영웅 최소 1명을 확정 획득하세요.',
    es: 'Invoca 10 héroes a la vez, con al menos un héroe épico garantizado.',
    pt: 'Invoque 10 heróis de uma vez, com pelo menos um herói épico garantido.',
    da: 'Påkald 10 helte på én gang med mindst én episk helt garanteret.',
    id: 'Panggil 10 pahlawan sekaligus, dijamin minimal satu pahlawan epik.',
    th: 'อัญเชิญฮีโร่ 10 ตัวในครั้งเดียว การันตีฮีโร่ระดับเอพิกอย่างน้อย 1 ตัว',
    tr: 'Aynı anda 10 kahraman çağırın; en az bir destansı kahraman garanti.',
    nl: 'Roep 10 helden tegelijk op, met minstens één epische held gegarandeerd.',
    no: 'Påkall 10 helter på én gang, med minst én episk helt garantert.',
    sv: 'Frammana 10 hjältar på en gång, med minst en episk hjälte garanterad.',
    vi: 'Triệu hồi 10 anh hùng cùng lúc, đảm bảo có ít nhất một anh hùng sử thi.',
    el: 'Καλέστε 10 ήρωες μαζί, με τουλάχιστον έναν επικό ήρωα εγγυημένο.',
    zh: '一次召唤10名英雄，必得至少一名史诗英雄。',
    zh_TW: '一次召喚10名英雄，必得至少一名史詩英雄。',
  },
  welcomeName: {
    en: 'Web Welcome Gift', de: 'Web-Willkommensgeschenk', fr: 'Cadeau de bienvenue web',
    it: 'Regalo di benvenuto web', pl: 'Internetowy prezent powitalny', ru: 'Приветственный веб-подарок',
    uk: 'Вітальний вебподарунок', ja: 'Web限定ウェルカムギフト', ko: '웹 웰컴 선물', es: 'Regalo de bienvenida web',
    pt: 'Presente de boas-vindas web', da: 'Velkomstgave på nettet', id: 'Hadiah Selamat Datang Web',
    th: 'ของขวัญต้อนรับบนเว็บ', tr: 'Web Hoş Geldin Hediyesi', nl: 'Welkomstcadeau via web',
    no: 'Velkomstgave på nett', sv: 'Välkomstgåva på webben', vi: 'Quà chào mừng trên web',
    el: 'Δώρο καλωσορίσματος web', zh: '网页欢迎礼', zh_TW: '網頁歡迎禮',
  },
  welcomeDesc: {
    en: 'A free thank-you gift for visiting the web shop.',
    de: 'Ein kostenloses Dankeschön für deinen Besuch im Webshop.',
    fr: 'Un cadeau gratuit pour vous remercier de votre visite sur la boutique web.',
    it: 'Un regalo gratuito per ringraziarti della visita al negozio web.',
    pl: 'Darmowy prezent w podziękowaniu za odwiedzenie sklepu internetowego.',
    ru: 'Бесплатный подарок в благодарность за визит в веб-магазин.',
    uk: 'Безкоштовний подарунок на знак подяки за візит до вебмагазину.',
    ja: 'Webショップにお越しいただいたお礼の無料ギフトです。',
    ko: '웹 상점 방문에 감사드리는 무료 선물입니다.',
    es: 'Un regalo gratuito de agradecimiento por visitar la tienda web.',
    pt: 'Um presente grátis de agradecimento por visitar a loja web.',
    da: 'En gratis tak-gave for dit besøg i webshoppen.',
    id: 'Hadiah gratis sebagai ucapan terima kasih telah mengunjungi toko web.',
    th: 'ของขวัญฟรีเพื่อขอบคุณที่แวะมาที่เว็บช็อป',
    tr: 'Web mağazasını ziyaret ettiğiniz için ücretsiz bir teşekkür hediyesi.',
    nl: 'Een gratis bedankje voor je bezoek aan de webshop.',
    no: 'En gratis takk for at du besøker nettbutikken.',
    sv: 'En gratis tackgåva för ditt besök i webbutiken.',
    vi: 'Món quà miễn phí cảm ơn bạn đã ghé thăm cửa hàng web.',
    el: 'Ένα δωρεάν δώρο ευχαριστίας για την επίσκεψή σας στο ηλεκτρονικό κατάστημα.',
    zh: '感谢你访问网页商城的免费礼物。',
    zh_TW: '感謝你造訪網頁商城的免費禮物。',
  },
  weeklyName: {
    en: 'Weekly Web Bonus', de: 'Wöchentlicher Web-Bonus', fr: 'Bonus web hebdomadaire', it: 'Bonus web settimanale',
    pl: 'Cotygodniowy bonus internetowy', ru: 'Еженедельный веб-бонус', uk: 'Щотижневий веббонус',
    ja: '毎週のWebボーナス', ko: '주간 웹 보너스', es: 'Bonificación web semanal', pt: 'Bônus web semanal',
    da: 'Ugentlig webbonus', id: 'Bonus Web Mingguan', th: 'โบนัสเว็บประจำสัปดาห์', tr: 'Haftalık Web Bonusu',
    nl: 'Wekelijkse webbonus', no: 'Ukentlig nettbonus', sv: 'Veckobonus på webben', vi: 'Thưởng web hằng tuần',
    el: 'Εβδομαδιαίο μπόνους web', zh: '每周网页福利', zh_TW: '每週網頁福利',
  },
  weeklyDesc: {
    en: 'Free energy and coins, available only in the web shop.',
    de: 'Kostenlose Energie und Münzen – nur im Webshop erhältlich.',
    fr: "De l'énergie et des pièces gratuites, disponibles uniquement sur la boutique web.",
    it: 'Energia e monete gratis, disponibili solo nel negozio web.',
    pl: 'Darmowa energia i monety dostępne tylko w sklepie internetowym.',
    ru: 'Бесплатная энергия и монеты — только в веб-магазине.',
    uk: 'Безкоштовна енергія та монети — лише у вебмагазині.',
    ja: '無料のエナジーとコイン。Webショップ限定です。',
    ko: '무료 에너지와 코인, 웹 상점에서만 받을 수 있어요.',
    es: 'Energía y monedas gratis, disponibles solo en la tienda web.',
    pt: 'Energia e moedas grátis, disponíveis apenas na loja web.',
    da: 'Gratis energi og mønter – kun i webshoppen.',
    id: 'Energi dan koin gratis, hanya tersedia di toko web.',
    th: 'พลังงานและเหรียญฟรี รับได้เฉพาะบนเว็บช็อปเท่านั้น',
    tr: 'Ücretsiz enerji ve altın, yalnızca web mağazasında.',
    nl: 'Gratis energie en munten, alleen verkrijgbaar in de webshop.',
    no: 'Gratis energi og mynter, kun tilgjengelig i nettbutikken.',
    sv: 'Gratis energi och mynt, endast tillgängligt i webbutiken.',
    vi: 'Năng lượng và xu miễn phí, chỉ có trên cửa hàng web.',
    el: 'Δωρεάν ενέργεια και νομίσματα, διαθέσιμα μόνο στο ηλεκτρονικό κατάστημα.',
    zh: '免费能量和金币，仅限网页商城领取。',
    zh_TW: '免費能量和金幣，僅限網頁商城領取。',
  },
} satisfies Record<string, Localized>;

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

interface VoucherSpec {
  id: number;
  amount: number;
  /** Price paid; defaults to the voucher amount in cents. */
  discountPriceMinor?: number;
  config: { vipDays?: number; diamond?: number };
}

interface GemSpec {
  id: number;
  amount: number;
  priceMinor: number;
  discountPriceMinor?: number;
  thumbnail: string;
  /** Of `amount`, the bonus the shop shows as "+N bonus" (issue 14). */
  bonus?: number;
}

interface ItemSpec {
  id: number;
  /** Suffix of the productSn. */
  key: string;
  /** Ignored for free gifts, which always cost 0. */
  priceMinor: number;
  discountPriceMinor?: number;
  name: Localized;
  desc: Localized;
  items: { itemId: number; count: number }[];
  thumbnail: string;
}

interface GameCatalogue {
  appId: number;
  prefix: string;
  vouchers: VoucherSpec[];
  gems: GemSpec[];
  vip: { id: number; days: number; priceMinor: number; discountPriceMinor?: number }[];
  others: ItemSpec[];
  gifts: ItemSpec[];
}

function voucherProducts(game: GameCatalogue): SeedProduct[] {
  return game.vouchers.map((spec, index) => {
    const { vipDays, diamond } = spec.config;
    const names =
      vipDays !== undefined
        ? joined(localize((p) => p.vouchers(spec.amount)), localize((p) => p.vip(vipDays)))
        : diamond !== undefined
          ? joined(localize((p) => p.vouchers(spec.amount)), localize((p) => p.gems(diamond)))
          : localize((p) => p.vouchers(spec.amount));
    const descs =
      vipDays !== undefined
        ? localize((p) => p.vouchersVipDesc(spec.amount, vipDays))
        : diamond !== undefined
          ? localize((p) => p.vouchersGemsDesc(spec.amount, diamond))
          : localize((p) => p.vouchersDesc(spec.amount));
    return {
      id: spec.id,
      appId: game.appId,
      goodsType: GoodsType.VOUCHER,
      categoryId: CategoryId.VOUCHER,
      productSn: `${game.prefix}-VC-${spec.amount}`,
      priceMinor: spec.amount,
      discountPriceMinor: spec.discountPriceMinor ?? spec.amount,
      currency: 'USD',
      voucherAmount: spec.amount,
      config: { ...spec.config },
      thumbnail: `/goods/voucher-${spec.amount}.svg`,
      sort: (index + 1) * 10,
      names,
      descs,
    };
  });
}

function gemProduct(game: GameCatalogue, spec: GemSpec, sort: number): SeedProduct {
  return {
    id: spec.id,
    appId: game.appId,
    goodsType: GoodsType.DIAMOND,
    categoryId: CategoryId.DIAMOND,
    productSn: `${game.prefix}-DM-${spec.amount}`,
    priceMinor: spec.priceMinor,
    discountPriceMinor: spec.discountPriceMinor ?? spec.priceMinor,
    currency: 'USD',
    voucherAmount: 0,
    config: spec.bonus ? { diamond: spec.amount, bonus: spec.bonus } : { diamond: spec.amount },
    thumbnail: spec.thumbnail,
    sort,
    names: localize((p) => p.gems(spec.amount)),
    descs: localize((p) => p.gemsDesc(spec.amount)),
  };
}

function itemProduct(game: GameCatalogue, spec: ItemSpec, type: 3 | 4, sort: number): SeedProduct {
  return {
    id: spec.id,
    appId: game.appId,
    goodsType: type,
    categoryId: type === GoodsType.FREE ? CategoryId.FREE : CategoryId.OTHER,
    productSn: `${game.prefix}-${type === 4 ? 'FR' : 'OT'}-${spec.key}`,
    priceMinor: type === 4 ? 0 : spec.priceMinor,
    discountPriceMinor: type === 4 ? 0 : (spec.discountPriceMinor ?? spec.priceMinor),
    currency: 'USD',
    voucherAmount: 0,
    config: { items: spec.items.map((item) => ({ ...item })) },
    thumbnail: spec.thumbnail,
    sort,
    names: { ...spec.name },
    descs: { ...spec.desc },
  };
}

function productsOf(game: GameCatalogue): SeedProduct[] {
  return [
    ...voucherProducts(game),
    ...game.gems.map((spec, index) => gemProduct(game, spec, (index + 1) * 10)),
    ...game.vip.map(
      (spec, index): SeedProduct => ({
        id: spec.id,
        appId: game.appId,
        goodsType: GoodsType.VIP,
        categoryId: CategoryId.VIP,
        productSn: `${game.prefix}-VIP-${spec.days}`,
        priceMinor: spec.priceMinor,
        discountPriceMinor: spec.discountPriceMinor ?? spec.priceMinor,
        currency: 'USD',
        voucherAmount: 0,
        config: { vipDays: spec.days },
        thumbnail: `/goods/vip-${spec.days}.svg`,
        sort: (index + 1) * 10,
        names: localize((p) => p.vip(spec.days)),
        descs: localize((p) => p.vipDesc(spec.days)),
      }),
    ),
    ...game.others.map((spec, index) => itemProduct(game, spec, 3, (index + 1) * 10)),
    ...game.gifts.map((spec, index) => itemProduct(game, spec, 4, (index + 1) * 10)),
  ];
}

// In-game item ids used in the `items` configs.
const ITEM = {
  BD_DIAMOND: 100001, BD_ENERGY: 100002, BD_COINS: 100003, BD_MEDKIT: 100101, BD_AMMO: 100102,
  BD_WEAPON_PART: 100103, BD_RARE_RIFLE: 100201,
  MW_GEM: 200001, MW_ENERGY: 200002, MW_COINS: 200003, MW_SUMMON_SCROLL: 200101, MW_EPIC_HERO_SHARD: 200102,
  MW_RARE_HERO: 200201,
} as const;

const BREAKING_DEAD_CATALOGUE: GameCatalogue = {
  appId: BREAKING_DEAD,
  prefix: 'BD',
  vouchers: [
    { id: 1001, amount: 199, config: {} },
    { id: 1002, amount: 499, config: { vipDays: 30 } },
    { id: 1003, amount: 999, config: { diamond: 1100 } },
    { id: 1004, amount: 1999, config: { diamond: 2300 } },
    { id: 1005, amount: 2999, discountPriceMinor: 2699, config: { diamond: 3500 } },
    { id: 1006, amount: 4999, config: { vipDays: 365 } },
    { id: 1007, amount: 9999, config: { diamond: 12000 } },
  ],
  gems: [
    { id: 1011, amount: 60, priceMinor: 99, thumbnail: '/goods/gems-1.svg' },
    { id: 1012, amount: 300, priceMinor: 499, thumbnail: '/goods/gems-2.svg' },
    { id: 1013, amount: 980, bonus: 80, priceMinor: 1499, discountPriceMinor: 1299, thumbnail: '/goods/gems-3.svg' },
    { id: 1014, amount: 1980, bonus: 180, priceMinor: 2999, thumbnail: '/goods/gems-4.svg' },
    { id: 1015, amount: 6480, bonus: 800, priceMinor: 9999, discountPriceMinor: 7999, thumbnail: '/goods/gems-5.svg' },
  ],
  vip: [
    { id: 1021, days: 30, priceMinor: 499 },
    { id: 1022, days: 365, priceMinor: 4999, discountPriceMinor: 3999 },
  ],
  others: [
    {
      id: 1031, key: 'STARTER', priceMinor: 299, discountPriceMinor: 99, thumbnail: '/goods/bundle-starter.svg',
      name: TEXT.starterName, desc: TEXT.starterDesc,
      items: [
        { itemId: ITEM.BD_DIAMOND, count: 200 },
        { itemId: ITEM.BD_ENERGY, count: 5 },
        { itemId: ITEM.BD_RARE_RIFLE, count: 1 },
      ],
    },
    {
      id: 1032, key: 'ENERGY', priceMinor: 199, thumbnail: '/goods/energy.svg',
      name: TEXT.energyName, desc: TEXT.energyDesc,
      items: [{ itemId: ITEM.BD_ENERGY, count: 5 }],
    },
    {
      id: 1033, key: 'CRATE', priceMinor: 999, discountPriceMinor: 799, thumbnail: '/goods/crate.svg',
      name: TEXT.crateName, desc: TEXT.crateDesc,
      items: [
        { itemId: ITEM.BD_AMMO, count: 500 },
        { itemId: ITEM.BD_MEDKIT, count: 20 },
        { itemId: ITEM.BD_WEAPON_PART, count: 10 },
      ],
    },
  ],
  gifts: [
    {
      id: 1041, key: 'WELCOME', priceMinor: 0, thumbnail: '/goods/gift-welcome.svg',
      name: TEXT.welcomeName, desc: TEXT.welcomeDesc,
      items: [
        { itemId: ITEM.BD_DIAMOND, count: 50 },
        { itemId: ITEM.BD_MEDKIT, count: 5 },
      ],
    },
    {
      id: 1042, key: 'WEEKLY', priceMinor: 0, thumbnail: '/goods/gift-weekly.svg',
      name: TEXT.weeklyName, desc: TEXT.weeklyDesc,
      items: [
        { itemId: ITEM.BD_ENERGY, count: 2 },
        { itemId: ITEM.BD_COINS, count: 5000 },
      ],
    },
  ],
};

const MYTH_WARS_CATALOGUE: GameCatalogue = {
  appId: MYTH_WARS,
  prefix: 'MW',
  vouchers: [
    { id: 2001, amount: 199, config: {} },
    { id: 2002, amount: 499, config: { vipDays: 30 } },
    { id: 2003, amount: 999, config: { diamond: 1000 } },
    { id: 2004, amount: 1999, config: { diamond: 2100 } },
    { id: 2005, amount: 2999, discountPriceMinor: 2699, config: { diamond: 3300 } },
    { id: 2006, amount: 4999, config: { vipDays: 365 } },
    { id: 2007, amount: 9999, config: { diamond: 11000 } },
  ],
  gems: [
    { id: 2011, amount: 100, priceMinor: 99, thumbnail: '/goods/gems-1.svg' },
    { id: 2012, amount: 520, priceMinor: 499, thumbnail: '/goods/gems-2.svg' },
    { id: 2013, amount: 1060, bonus: 60, priceMinor: 999, discountPriceMinor: 899, thumbnail: '/goods/gems-3.svg' },
    { id: 2014, amount: 2180, bonus: 180, priceMinor: 1999, thumbnail: '/goods/gems-4.svg' },
    { id: 2015, amount: 5600, bonus: 600, priceMinor: 4999, discountPriceMinor: 4499, thumbnail: '/goods/gems-5.svg' },
  ],
  vip: [
    { id: 2021, days: 30, priceMinor: 499, discountPriceMinor: 399 },
    { id: 2022, days: 365, priceMinor: 4999 },
  ],
  others: [
    {
      id: 2031, key: 'STARTER', priceMinor: 299, discountPriceMinor: 99, thumbnail: '/goods/bundle-starter.svg',
      name: TEXT.starterName, desc: TEXT.starterDesc,
      items: [
        { itemId: ITEM.MW_GEM, count: 200 },
        { itemId: ITEM.MW_ENERGY, count: 5 },
        { itemId: ITEM.MW_RARE_HERO, count: 1 },
      ],
    },
    {
      id: 2032, key: 'ENERGY', priceMinor: 199, thumbnail: '/goods/energy.svg',
      name: TEXT.energyName, desc: TEXT.energyDesc,
      items: [{ itemId: ITEM.MW_ENERGY, count: 5 }],
    },
    {
      id: 2033, key: 'SCROLLS', priceMinor: 1499, discountPriceMinor: 1199, thumbnail: '/goods/scroll.svg',
      name: TEXT.scrollsName, desc: TEXT.scrollsDesc,
      items: [
        { itemId: ITEM.MW_SUMMON_SCROLL, count: 10 },
        { itemId: ITEM.MW_EPIC_HERO_SHARD, count: 1 },
      ],
    },
  ],
  gifts: [
    {
      id: 2041, key: 'WELCOME', priceMinor: 0, thumbnail: '/goods/gift-welcome.svg',
      name: TEXT.welcomeName, desc: TEXT.welcomeDesc,
      items: [
        { itemId: ITEM.MW_GEM, count: 50 },
        { itemId: ITEM.MW_SUMMON_SCROLL, count: 1 },
      ],
    },
    {
      id: 2042, key: 'WEEKLY', priceMinor: 0, thumbnail: '/goods/gift-weekly.svg',
      name: TEXT.weeklyName, desc: TEXT.weeklyDesc,
      items: [
        { itemId: ITEM.MW_ENERGY, count: 2 },
        { itemId: ITEM.MW_COINS, count: 5000 },
      ],
    },
  ],
};

/**
 * Product 9521 is a real diamond pack of Breaking Dead that the spec says is never shown.
 * It is deliberately not flagged hidden: the server must exclude it by id.
 */
const EXCLUDED_DIAMOND_PACK: SeedProduct = gemProduct(
  BREAKING_DEAD_CATALOGUE,
  { id: 9521, amount: 3280, priceMinor: 4999, thumbnail: '/goods/gems-4.svg' },
  35,
);

export const PRODUCTS: SeedProduct[] = [
  ...productsOf(BREAKING_DEAD_CATALOGUE),
  { ...EXCLUDED_DIAMOND_PACK, hidden: false },
  ...productsOf(MYTH_WARS_CATALOGUE),
];

// ---------------------------------------------------------------------------------------------
// Pay channels
// ---------------------------------------------------------------------------------------------

type Provider = SeedChannel['thirdChannelName'];

const THIRD_CHANNEL_ID: Record<Provider, string> = {
  xsolla: 'xsolla-main',
  paypal: 'paypal-main',
  payermax: 'payermax-main',
};

/** Every pay method: display name, provider method code, provider, icon. */
const METHODS = {
  paypal: ['PayPal', 'PAYPAL', 'paypal', 'paypal'],
  venmo: ['Venmo', 'VENMO', 'paypal', 'venmo'],
  card: ['Credit/Debit Card', 'CARD', 'xsolla', 'card'],
  applepay: ['Apple Pay', 'APPLEPAY', 'xsolla', 'applepay'],
  googlepay: ['Google Pay', 'GOOGLEPAY', 'xsolla', 'googlepay'],
  cartebancaire: ['Carte Bancaire', 'CB', 'xsolla', 'cartebancaire'],
  mir: ['Mir Card', 'MIR', 'xsolla', 'mir'],
  yoomoney: ['YooMoney', 'YOOMONEY', 'xsolla', 'yoomoney'],
  cashapp: ['Cash App Pay', 'CASHAPP', 'payermax', 'cashapp'],
  klarna: ['Klarna', 'KLARNA', 'payermax', 'klarna'],
  sofort: ['SOFORT', 'SOFORT', 'payermax', 'sofort'],
  giropay: ['giropay', 'GIROPAY', 'payermax', 'giropay'],
  paybybank: ['Pay by Bank', 'OPENBANKING', 'payermax', 'paybybank'],
  paysafecard: ['paysafecard', 'PAYSAFECARD', 'payermax', 'paysafecard'],
  ideal: ['iDEAL', 'IDEAL', 'payermax', 'ideal'],
  blik: ['BLIK', 'BLIK', 'payermax', 'blik'],
  p24: ['Przelewy24', 'P24', 'payermax', 'p24'],
  sbp: ['SBP Faster Payments', 'SBP', 'payermax', 'sbp'],
  pix: ['Pix', 'PIX', 'payermax', 'pix'],
  boleto: ['Boleto', 'BOLETO', 'payermax', 'boleto'],
  mercadopago: ['Mercado Pago', 'MERCADOPAGO', 'payermax', 'mercadopago'],
  oxxo: ['OXXO', 'OXXO', 'payermax', 'oxxo'],
  spei: ['SPEI', 'SPEI', 'payermax', 'spei'],
  dana: ['DANA', 'DANA', 'payermax', 'dana'],
  ovo: ['OVO', 'OVO', 'payermax', 'ovo'],
  gopay: ['GoPay', 'GOPAY', 'payermax', 'gopay'],
  shopeepay: ['ShopeePay', 'SHOPEEPAY', 'payermax', 'shopeepay'],
  qris: ['QRIS', 'QRIS', 'payermax', 'qris'],
  truemoney: ['TrueMoney Wallet', 'TRUEMONEY', 'payermax', 'truemoney'],
  promptpay: ['PromptPay', 'PROMPTPAY', 'payermax', 'promptpay'],
  gcash: ['GCash', 'GCASH', 'payermax', 'gcash'],
  maya: ['Maya', 'MAYA', 'payermax', 'maya'],
  grabpay: ['GrabPay', 'GRABPAY', 'payermax', 'grabpay'],
  tng: ["Touch 'n Go eWallet", 'TNG', 'payermax', 'tng'],
  fpx: ['FPX Online Banking', 'FPX', 'payermax', 'fpx'],
  momo: ['MoMo', 'MOMO', 'payermax', 'momo'],
  zalopay: ['ZaloPay', 'ZALOPAY', 'payermax', 'zalopay'],
  vietqr: ['VietQR Bank Transfer', 'VIETQR', 'payermax', 'vietqr'],
  konbini: ['Konbini', 'KONBINI', 'payermax', 'konbini'],
  paypay: ['PayPay', 'PAYPAY', 'payermax', 'paypay'],
  kakaopay: ['KakaoPay', 'KAKAOPAY', 'payermax', 'kakaopay'],
  naverpay: ['Naver Pay', 'NAVERPAY', 'payermax', 'naverpay'],
  tosspay: ['Toss Pay', 'TOSSPAY', 'payermax', 'tosspay'],
  linepay: ['LINE Pay', 'LINEPAY', 'payermax', 'linepay'],
  jkopay: ['JKOPAY', 'JKOPAY', 'payermax', 'jkopay'],
  papara: ['Papara', 'PAPARA', 'payermax', 'papara'],
  mada: ['mada', 'MADA', 'payermax', 'mada'],
  stcpay: ['STC Pay', 'STCPAY', 'payermax', 'stcpay'],
  upi: ['UPI', 'UPI', 'payermax', 'upi'],
  paytm: ['Paytm', 'PAYTM', 'payermax', 'paytm'],
} as const satisfies Record<string, readonly [string, string, Provider, string]>;

type MethodKey = keyof typeof METHODS;

/** Channel lists per region, in display order. "*" applies to every region without its own list. */
const REGION_METHODS: Record<string, MethodKey[]> = {
  '*': ['paypal', 'card', 'applepay', 'googlepay'],
  US: ['paypal', 'card', 'applepay', 'googlepay', 'venmo', 'cashapp'],
  GB: ['paypal', 'card', 'applepay', 'googlepay', 'klarna', 'paybybank'],
  DE: ['paypal', 'klarna', 'card', 'applepay', 'googlepay', 'sofort', 'giropay'],
  FR: ['cartebancaire', 'paypal', 'card', 'applepay', 'googlepay', 'paysafecard'],
  NL: ['ideal', 'paypal', 'card', 'applepay', 'googlepay'],
  PL: ['blik', 'p24', 'paypal', 'card', 'googlepay', 'applepay'],
  RU: ['card', 'mir', 'sbp', 'yoomoney'],
  TR: ['card', 'papara', 'googlepay', 'applepay'],
  BR: ['pix', 'boleto', 'card', 'paypal', 'mercadopago', 'googlepay', 'applepay'],
  MX: ['card', 'oxxo', 'spei', 'mercadopago', 'paypal', 'applepay', 'googlepay'],
  ID: ['dana', 'ovo', 'gopay', 'shopeepay', 'qris', 'card', 'paypal'],
  TH: ['truemoney', 'promptpay', 'card', 'paypal', 'applepay', 'googlepay'],
  PH: ['gcash', 'maya', 'grabpay', 'card', 'paypal'],
  MY: ['tng', 'fpx', 'grabpay', 'card', 'paypal', 'googlepay'],
  VN: ['momo', 'zalopay', 'vietqr', 'card', 'paypal', 'googlepay'],
  JP: ['card', 'konbini', 'paypay', 'applepay', 'googlepay', 'paypal'],
  KR: ['kakaopay', 'naverpay', 'tosspay', 'card', 'paypal'],
  TW: ['card', 'linepay', 'jkopay', 'applepay', 'googlepay', 'paypal'],
  SA: ['mada', 'stcpay', 'applepay', 'card', 'paypal'],
  IN: ['upi', 'paytm', 'card', 'googlepay', 'paypal'],
};

function channelsOf(appId: number): SeedChannel[] {
  return Object.entries(REGION_METHODS).flatMap(([regionCode, keys]) =>
    keys.map((key, index): SeedChannel => {
      const [payMethodName, payMethodId, provider, icon] = METHODS[key];
      return {
        appId,
        regionCode,
        payMethodName,
        payMethodId,
        thirdChannelId: THIRD_CHANNEL_ID[provider],
        thirdChannelName: provider,
        payIcon: `/pay/${icon}.svg`,
        sort: (index + 1) * 10,
      };
    }),
  );
}

export const CHANNELS: SeedChannel[] = [...channelsOf(BREAKING_DEAD), ...channelsOf(MYTH_WARS)];
