/**
 * The demo menu both branches start with: every item and price of the spec (section 9 and the
 * landing page), with the option groups those items imply. Prices are the spec's; where the spec
 * gives a range ("Fries 5.25 to 12.99") the items span exactly that range.
 * Allergens and diet tags are read from what each dish is (a pork dish contains pork even where its
 * name does not say so, as Lumpia Shanghai); where a recipe could go either way the tag that warns
 * is chosen, and the manager corrects it by CSV. seed-menu.test.ts holds the tags to the names.
 * Also the source of the generated menu PDFs (scripts/generate-menu-pdfs.ts).
 */
import {
  BRANCHES,
  RESTAURANT_TIME_ZONE,
  type Allergen,
  type CategoryKey,
  type Diet,
  type PrepArea,
  type TranslationLanguage,
} from "../../contract/menu";
import type { NameTranslations, Translation } from "../../contract/schemas";

export interface SeedOption {
  name: string;
  price: string;
}
export interface SeedGroup {
  name: string;
  exclusive: boolean;
  required: boolean;
  options: SeedOption[];
}
export interface SeedProduct {
  name: string;
  description: string;
  price: string;
  /** The happy-hour price, on a few drinks and bar snacks (docs/decisions/0022). */
  happyHourPrice?: string;
  weekday?: number;
  customizations?: SeedGroup[];
  allergens: Allergen[];
  diet: Diet[];
  /** Only where it differs from the category's (drinks at the bar, the rest in the kitchen). */
  prepArea?: PrepArea;
  prepMinutes: number;
  /** A few products are counted, so the demo shows "3 left". */
  stock?: number;
  translations: Record<TranslationLanguage, Translation>;
}

/** Filipino and Simplified Chinese name and description. */
const tr = (filName: string, filDescription: string, zhName: string, zhDescription: string): SeedProduct["translations"] => ({
  fil: { name: filName, description: filDescription },
  zh: { name: zhName, description: zhDescription },
});

/** Filipino and Simplified Chinese name. */
const names = (fil: string, zh: string): NameTranslations => ({ fil: { name: fil }, zh: { name: zh } });

/**
 * The option groups' and options' names in Filipino and Chinese, by their English name (the same
 * name means the same thing wherever it is used on this menu): seeded with them, so a diner reads a
 * burger's side in their language too.
 */
export const SEED_OPTION_TRANSLATIONS: Record<string, NameTranslations> = {
  // groups
  Side: names("Kasama", "配菜"),
  Choice: names("Pagpipilian", "任选一项"),
  "Extra toppings": names("Dagdag na toppings", "额外配料"),
  Rice: names("Kanin", "米饭"),
  Size: names("Laki", "大小"),
  Style: names("Paraan", "做法"),
  "Add-ons": names("Mga dagdag", "加料"),
  Filling: names("Palaman", "馅料"),
  Sauce: names("Sarsa", "酱汁"),
  Beer: names("Beer", "啤酒"),
  // options
  Fries: names("Pritong patatas", "薯条"),
  Coleslaw: names("Ensaladang repolyo", "凉拌卷心菜"),
  "Onion Rings": names("Pritong sibuyas", "洋葱圈"),
  "1 lb Wings": names("1 lb na pakpak ng manok", "一磅鸡翅"),
  "Pork Belly Fries": names("Pork Belly Fries", "五花肉薯条"),
  "6 BBQ Skewers": names("6 na BBQ na tuhog", "6串烧烤"),
  Cheese: names("Keso", "奶酪"),
  Gravy: names("Sarsang gravy", "肉汁"),
  Bacon: names("Bacon", "培根"),
  "Pork Belly": names("Liempo", "五花肉"),
  "Substitute garlic rice": names("Palitan ng sinangag", "换成蒜香炒饭"),
  "7oz glass": names("7oz na baso", "7盎司一杯"),
  "750ml bottle": names("750ml na bote", "750毫升一瓶"),
  "On the rocks": names("May yelo", "加冰"),
  Blended: names("Hinalo sa blender", "冰沙"),
  "Upsize to 9 skewers": names("Gawing 9 na tuhog", "升级为9串"),
  "Chicken Tenders": names("Pritong laman ng manok", "炸鸡柳"),
  Chicken: names("Manok", "鸡肉"),
  Beef: names("Baka", "牛肉"),
  "1 lb": names("1 libra", "一磅"),
  "2 lbs": names("2 libra", "两磅"),
  "Honey Garlic": names("Pulot at bawang", "蜂蜜蒜香"),
  Buffalo: names("Buffalo na maanghang", "水牛城辣酱"),
  "Salt and Pepper": names("Asin at paminta", "椒盐"),
  "16oz": names("16 onsa", "16盎司"),
  "32oz": names("32 onsa", "32盎司"),
  "64oz": names("64 onsa", "64盎司"),
  Blonde: names("Blonde", "Blonde 金啤"),
  Speed: names("Speed", "Speed 啤酒"),
};

const BURGER_SIDE_FIL = "May kasamang fries o coleslaw; onion rings kapalit, +2.00.";
const BURGER_SIDE_ZH = "配薯条或凉拌卷心菜；换洋葱圈加2.00。";

const burgerSide: SeedGroup = {
  name: "Side",
  exclusive: true,
  required: true,
  options: [
    { name: "Fries", price: "0.00" },
    { name: "Coleslaw", price: "0.00" },
    { name: "Onion Rings", price: "2.00" },
  ],
};

const bucketChoice: SeedGroup = {
  name: "Choice",
  exclusive: true,
  required: true,
  options: [
    { name: "1 lb Wings", price: "0.00" },
    { name: "Pork Belly Fries", price: "0.00" },
    { name: "6 BBQ Skewers", price: "0.00" },
  ],
};

const friesToppings: SeedGroup = {
  name: "Extra toppings",
  exclusive: false,
  required: false,
  options: [
    { name: "Cheese", price: "3.00" },
    { name: "Gravy", price: "3.00" },
    { name: "Bacon", price: "3.00" },
    { name: "Pork Belly", price: "3.00" },
  ],
};

const riceSubstitution: SeedGroup = {
  name: "Rice",
  exclusive: true,
  required: false,
  options: [{ name: "Substitute garlic rice", price: "2.00" }],
};

const wineSize: SeedGroup = {
  name: "Size",
  exclusive: true,
  required: true,
  options: [
    { name: "7oz glass", price: "0.00" },
    { name: "750ml bottle", price: "17.99" },
  ],
};

const cocktailStyle: SeedGroup = {
  name: "Style",
  exclusive: true,
  required: true,
  options: [
    { name: "On the rocks", price: "0.00" },
    { name: "Blended", price: "0.50" },
  ],
};

export const SEED_MENU: Record<CategoryKey, SeedProduct[]> = {
  special: [
    {
      name: "Monday Wings",
      description: "1 lb of wings, every Monday.",
      price: "10.00",
      weekday: 1,
      allergens: ["wheat"],
      diet: [],
      prepMinutes: 15,
      translations: tr("Pakpak ng Manok tuwing Lunes", "1 lb na pakpak ng manok, tuwing Lunes.", "周一鸡翅", "一磅鸡翅，每周一供应。"),
    },
    {
      name: "Tuesday Pork Chop with Rice",
      description: "Grilled pork chop with rice, every Tuesday.",
      price: "10.00",
      weekday: 2,
      allergens: ["soy", "wheat"],
      diet: ["contains_pork"],
      prepMinutes: 15,
      translations: tr(
        "Pork Chop na may Kanin tuwing Martes",
        "Inihaw na pork chop na may kanin, tuwing Martes.",
        "周二猪排饭",
        "烤猪排配米饭，每周二供应。",
      ),
    },
    {
      name: "Wednesday Chicken Thigh with Rice",
      description: "BBQ chicken thigh with rice, every Wednesday.",
      price: "10.00",
      weekday: 3,
      allergens: ["soy", "wheat"],
      diet: [],
      prepMinutes: 15,
      translations: tr(
        "Hita ng Manok na may Kanin tuwing Miyerkules",
        "Inihaw na BBQ na hita ng manok na may kanin, tuwing Miyerkules.",
        "周三烧烤鸡腿饭",
        "烧烤鸡腿配米饭，每周三供应。",
      ),
    },
    {
      name: "Thursday Pork Belly with Rice",
      description: "Crispy pork belly with rice, every Thursday.",
      price: "10.00",
      weekday: 4,
      allergens: [],
      diet: ["contains_pork"],
      prepMinutes: 20,
      translations: tr(
        "Liempo na may Kanin tuwing Huwebes",
        "Malutong na liempo na may kanin, tuwing Huwebes.",
        "周四五花肉饭",
        "香脆五花肉配米饭，每周四供应。",
      ),
    },
    {
      name: "Friday $3 Shots",
      description: "Three-dollar shots, every Friday.",
      price: "3.00",
      weekday: 5,
      allergens: [],
      diet: [],
      prepArea: "bar",
      prepMinutes: 2,
      translations: tr(
        "$3 na Shot tuwing Biyernes",
        "Tig-tatlong dolyar na shot, tuwing Biyernes.",
        "周五3元烈酒",
        "每杯烈酒3元，每周五供应。",
      ),
    },
    {
      name: "Saturday $3 Shots",
      description: "Three-dollar shots, every Saturday.",
      price: "3.00",
      weekday: 6,
      allergens: [],
      diet: [],
      prepArea: "bar",
      prepMinutes: 2,
      translations: tr(
        "$3 na Shot tuwing Sabado",
        "Tig-tatlong dolyar na shot, tuwing Sabado.",
        "周六3元烈酒",
        "每杯烈酒3元，每周六供应。",
      ),
    },
    {
      name: "Sunday Cocktails",
      description: "All cocktails $5, every Sunday.",
      price: "5.00",
      weekday: 7,
      allergens: [],
      diet: [],
      prepArea: "bar",
      prepMinutes: 4,
      translations: tr("Cocktail tuwing Linggo", "Lahat ng cocktail ay $5, tuwing Linggo.", "周日鸡尾酒", "所有鸡尾酒5元，每周日供应。"),
    },
  ],
  starter: [
    {
      name: "Lumpia Shanghai",
      description: "Crispy Filipino spring rolls with sweet chili sauce.",
      price: "5.49",
      happyHourPrice: "4.49",
      // Lumpiang shanghai is filled with ground pork, though its name does not say so.
      allergens: ["wheat", "eggs", "soy"],
      diet: ["contains_pork"],
      prepMinutes: 8,
      translations: tr(
        "Lumpiang Shanghai",
        "Malutong na lumpiang Pilipino na may sweet chili sauce.",
        "上海春卷",
        "菲律宾香脆春卷，配甜辣酱。",
      ),
    },
    {
      name: "BBQ Skewers",
      description: "6 Filipino-style BBQ pork skewers.",
      price: "9.99",
      customizations: [{ name: "Size", exclusive: true, required: false, options: [{ name: "Upsize to 9 skewers", price: "3.00" }] }],
      allergens: ["soy", "wheat"],
      diet: ["contains_pork"],
      prepMinutes: 15,
      translations: tr("BBQ na Tuhog", "6 na tuhog ng inihaw na baboy, istilong Pilipino.", "烧烤串", "6串菲律宾风味烤猪肉串。"),
    },
    {
      name: "Nachos",
      description: "Tortilla chips, cheese, pico de gallo, jalapeños, sour cream.",
      price: "11.99",
      customizations: [
        {
          name: "Add-ons",
          exclusive: false,
          required: false,
          options: [
            { name: "Pork Belly", price: "3.00" },
            { name: "Chicken Tenders", price: "4.00" },
          ],
        },
      ],
      allergens: ["milk"],
      diet: ["vegetarian", "spicy"],
      prepMinutes: 8,
      translations: tr(
        "Nachos",
        "Tortilla chips, keso, pico de gallo, jalapeño at sour cream.",
        "玉米片",
        "玉米脆片配芝士、番茄莎莎、墨西哥辣椒和酸奶油。",
      ),
    },
    {
      name: "Tacos",
      description: "Three soft tacos with slaw and house sauce.",
      price: "9.99",
      customizations: [
        {
          name: "Filling",
          exclusive: true,
          required: true,
          options: [
            { name: "Chicken", price: "0.00" },
            { name: "Beef", price: "3.00" },
          ],
        },
      ],
      allergens: ["wheat", "eggs"],
      diet: [],
      prepMinutes: 10,
      translations: tr(
        "Tacos",
        "Tatlong malambot na taco na may slaw at espesyal na sarsa.",
        "塔可饼",
        "三个软塔可饼，配卷心菜沙拉和招牌酱。",
      ),
    },
    {
      name: "Chicken Fingers and Fries",
      description: "Munchies: crispy chicken fingers with fries.",
      price: "7.99",
      allergens: ["wheat", "eggs"],
      diet: [],
      prepMinutes: 12,
      translations: tr(
        "Chicken Fingers at Fries",
        "Pampulutan: malutong na chicken fingers na may fries.",
        "鸡柳配薯条",
        "小食：香脆鸡柳配薯条。",
      ),
    },
    {
      name: "Wings",
      description: "Munchies: 1 lb of wings, your choice of sauce.",
      price: "12.99",
      happyHourPrice: "9.99",
      customizations: [
        {
          name: "Size",
          exclusive: true,
          required: true,
          options: [
            { name: "1 lb", price: "0.00" },
            { name: "2 lbs", price: "10.00" },
          ],
        },
        {
          name: "Sauce",
          exclusive: true,
          required: true,
          options: [
            { name: "Honey Garlic", price: "0.00" },
            { name: "Buffalo", price: "0.00" },
            { name: "Salt and Pepper", price: "0.00" },
          ],
        },
      ],
      allergens: ["wheat", "soy"],
      diet: [],
      prepMinutes: 15,
      translations: tr(
        "Pakpak ng Manok",
        "Pampulutan: 1 lb na pakpak ng manok, ikaw ang pipili ng sarsa.",
        "鸡翅",
        "小食：一磅鸡翅，酱汁任选。",
      ),
    },
  ],
  fries: [
    {
      name: "Classic Fries",
      description: "Golden fries, sea salt.",
      price: "5.25",
      happyHourPrice: "4.25",
      customizations: [friesToppings],
      allergens: [],
      diet: ["vegetarian", "vegan"],
      prepMinutes: 6,
      translations: tr("Klasikong Fries", "Ginintuang fries na may sea salt.", "经典薯条", "金黄薯条，撒海盐。"),
    },
    {
      name: "Cajun Fries",
      description: "Fries tossed in Cajun spice.",
      price: "6.49",
      customizations: [friesToppings],
      allergens: [],
      diet: ["vegetarian", "vegan", "spicy"],
      prepMinutes: 6,
      translations: tr("Cajun Fries", "Fries na hinaluan ng maanghang na Cajun spice.", "卡津香辣薯条", "薯条拌卡津香料。"),
    },
    {
      name: "Poutine",
      description: "Fries, cheese curds, gravy.",
      price: "9.99",
      customizations: [friesToppings],
      // The gravy is a meat stock thickened with flour: not vegetarian.
      allergens: ["milk", "wheat"],
      diet: [],
      prepMinutes: 8,
      translations: tr("Poutine", "Fries, cheese curds at gravy.", "肉汁奶酪薯条", "薯条配奶酪粒和肉汁。"),
    },
    {
      name: "Pork Belly Fries",
      description: "Fries loaded with crispy pork belly, cheese and house sauce.",
      price: "12.99",
      customizations: [friesToppings],
      allergens: ["milk", "eggs"],
      diet: ["contains_pork"],
      prepMinutes: 12,
      translations: tr(
        "Pork Belly Fries",
        "Fries na puno ng malutong na liempo, keso at espesyal na sarsa.",
        "五花肉薯条",
        "薯条配香脆五花肉、芝士和招牌酱。",
      ),
    },
  ],
  burger: [
    {
      name: "Limitless Mega Burger",
      description: "Served with fries or coleslaw; onion rings instead +2.00.",
      price: "13.99",
      customizations: [burgerSide],
      allergens: ["wheat", "sesame", "milk", "eggs", "mustard"],
      diet: [],
      prepMinutes: 15,
      translations: tr("Limitless Mega Burger", BURGER_SIDE_FIL, "Limitless 超级汉堡", BURGER_SIDE_ZH),
    },
    {
      name: "Pork Belly sandwich",
      description: "Served with fries or coleslaw; onion rings instead +2.00.",
      price: "13.99",
      customizations: [burgerSide],
      allergens: ["wheat", "sesame", "eggs"],
      diet: ["contains_pork"],
      prepMinutes: 15,
      translations: tr("Sandwich na Liempo", BURGER_SIDE_FIL, "五花肉三明治", BURGER_SIDE_ZH),
    },
    {
      name: "Chorizo (Longanisa) Burger",
      description: "Served with fries or coleslaw; onion rings instead +2.00.",
      price: "13.99",
      customizations: [burgerSide],
      allergens: ["wheat", "sesame", "eggs"],
      diet: ["contains_pork"],
      prepMinutes: 15,
      translations: tr("Longganisa Burger", BURGER_SIDE_FIL, "菲式猪肉香肠汉堡", BURGER_SIDE_ZH),
    },
    {
      name: "Chicken Burger",
      description: "Served with fries or coleslaw; onion rings instead +2.00.",
      price: "13.99",
      customizations: [burgerSide],
      allergens: ["wheat", "sesame", "eggs"],
      diet: [],
      prepMinutes: 15,
      translations: tr("Chicken Burger", BURGER_SIDE_FIL, "鸡肉汉堡", BURGER_SIDE_ZH),
    },
    {
      name: "Classic Crispy Chicken Burger",
      description: "Served with fries or coleslaw; onion rings instead +2.00.",
      price: "13.99",
      customizations: [burgerSide],
      allergens: ["wheat", "sesame", "milk", "eggs"],
      diet: [],
      prepMinutes: 15,
      translations: tr("Klasikong Crispy Chicken Burger", BURGER_SIDE_FIL, "经典香脆鸡肉汉堡", BURGER_SIDE_ZH),
    },
  ],
  seafood: [
    {
      name: "Fish Balls",
      description: "Street-style fish balls with sweet and spicy sauce.",
      price: "5.99",
      allergens: ["fish", "wheat"],
      diet: ["spicy"],
      prepMinutes: 8,
      translations: tr("Fish Balls", "Fish balls na pang-kalye na may matamis at maanghang na sarsa.", "鱼丸", "街头风味鱼丸，配甜辣酱。"),
    },
    {
      name: "Salt and Pepper Calamari",
      description: "Crispy calamari, garlic, chili.",
      price: "12.99",
      allergens: ["molluscs", "wheat"],
      diet: ["spicy"],
      prepMinutes: 10,
      translations: tr("Calamares na Asin at Paminta", "Malutong na pusit na may bawang at sili.", "椒盐鱿鱼", "香脆鱿鱼，配蒜蓉和辣椒。"),
    },
    {
      name: "Garlic Butter Shrimp",
      description: "Shrimp sautéed in garlic butter.",
      price: "15.99",
      customizations: [riceSubstitution],
      allergens: ["crustaceans", "milk"],
      diet: [],
      prepMinutes: 12,
      stock: 5,
      translations: tr("Hipon sa Garlic Butter", "Hipon na iginisa sa bawang at mantikilya.", "蒜香黄油虾", "黄油蒜蓉炒虾。"),
    },
    {
      name: "Grilled Seafood Platter",
      description: "Shrimp, squid and fish fillet off the grill.",
      price: "22.99",
      allergens: ["crustaceans", "molluscs", "fish"],
      diet: [],
      prepMinutes: 20,
      translations: tr("Inihaw na Seafood Platter", "Hipon, pusit at fish fillet mula sa ihawan.", "烤海鲜拼盘", "烤虾、鱿鱼和鱼柳。"),
    },
  ],
  main: [
    {
      name: "Garlic Rice",
      description: "Filipino sinangag.",
      price: "3.00",
      allergens: [],
      diet: ["vegetarian", "vegan"],
      prepMinutes: 5,
      translations: tr("Sinangag", "Sinangag na kanin ng Pilipino.", "蒜香炒饭", "菲律宾蒜香炒饭。"),
    },
    {
      name: "Sisig",
      description: "Sizzling chopped pork with onion, chili and calamansi.",
      price: "12.99",
      customizations: [riceSubstitution],
      allergens: ["eggs", "soy", "wheat"],
      diet: ["contains_pork", "spicy"],
      prepMinutes: 15,
      translations: tr(
        "Sisig",
        "Umuusok na tinadtad na baboy na may sibuyas, sili at kalamansi.",
        "铁板猪肉碎",
        "铁板碎猪肉，配洋葱、辣椒和菲律宾青柠。",
      ),
    },
    {
      name: "Beef Steak Sandwich",
      description: "Grilled steak, onions and peppers on a toasted bun.",
      price: "14.99",
      allergens: ["wheat", "sesame"],
      diet: [],
      prepMinutes: 15,
      translations: tr(
        "Beef Steak Sandwich",
        "Inihaw na steak, sibuyas at peppers sa tinustang tinapay.",
        "牛排三明治",
        "烤牛排、洋葱和甜椒，夹在烤面包里。",
      ),
    },
    {
      name: "Stir Fry Beef",
      description: "Wok-tossed beef with vegetables.",
      price: "17.99",
      customizations: [riceSubstitution],
      allergens: ["soy", "wheat"],
      diet: [],
      prepMinutes: 12,
      translations: tr("Ginisang Baka", "Baka na niluto sa wok kasama ng gulay.", "小炒牛肉", "镬炒牛肉配蔬菜。"),
    },
    {
      name: "Steak and Frites",
      description: "Grilled striploin with fries.",
      price: "18.99",
      allergens: [],
      diet: [],
      prepMinutes: 20,
      translations: tr("Steak at Frites", "Inihaw na striploin na may fries.", "牛排配薯条", "烤西冷牛排配薯条。"),
    },
    {
      name: "Lechon Kawali",
      description: "Crispy deep-fried pork belly with liver sauce.",
      price: "16.99",
      customizations: [riceSubstitution],
      allergens: ["wheat", "soy"],
      diet: ["contains_pork"],
      prepMinutes: 20,
      stock: 3,
      translations: tr(
        "Lechon Kawali",
        "Malutong na piniritong liempo na may sarsang atay.",
        "菲式脆皮炸五花肉",
        "香脆炸五花肉，配猪肝酱。",
      ),
    },
    {
      name: "Limitless BBQ Feast",
      description: "Chinese BBQ pork, roast duck, skewers, pork belly and rice; feeds four.",
      price: "47.99",
      allergens: ["soy", "wheat", "sesame"],
      diet: ["contains_pork"],
      prepMinutes: 25,
      translations: tr(
        "Limitless BBQ Feast",
        "Chinese BBQ na baboy, inihaw na pato, tuhog, liempo at kanin; pang-apatan.",
        "Limitless 烧烤盛宴",
        "叉烧、烧鸭、烤串、五花肉和米饭；四人份。",
      ),
    },
  ],
  drink: [
    {
      name: "Domestic Beer",
      description: "341ml bottle.",
      price: "4.49",
      happyHourPrice: "3.50",
      allergens: [],
      diet: [],
      prepMinutes: 1,
      translations: tr("Lokal na Beer", "341ml na bote.", "国产啤酒", "341毫升瓶装。"),
    },
    {
      name: "Import Beer",
      description: "330ml bottle.",
      price: "5.49",
      happyHourPrice: "4.50",
      allergens: [],
      diet: [],
      prepMinutes: 1,
      translations: tr("Imported na Beer", "330ml na bote.", "进口啤酒", "330毫升瓶装。"),
    },
    {
      name: "Asahi",
      description: "Draught.",
      price: "7.99",
      happyHourPrice: "6.50",
      customizations: [
        {
          name: "Size",
          exclusive: true,
          required: true,
          options: [
            { name: "16oz", price: "0.00" },
            { name: "64oz", price: "13.00" },
          ],
        },
      ],
      allergens: [],
      diet: [],
      prepMinutes: 2,
      translations: tr("Asahi", "Draft, mula sa gripo.", "朝日啤酒", "生啤。"),
    },
    {
      name: "Amsterdam Can",
      description: "Amsterdam Blonde or Speed, can.",
      price: "6.50",
      customizations: [
        {
          name: "Beer",
          exclusive: true,
          required: true,
          options: [
            { name: "Blonde", price: "0.00" },
            { name: "Speed", price: "0.00" },
          ],
        },
      ],
      allergens: [],
      diet: [],
      prepMinutes: 1,
      translations: tr(
        "Amsterdam na de-Lata",
        "Amsterdam Blonde o Speed, de-lata.",
        "Amsterdam 罐装啤酒",
        "Amsterdam Blonde 或 Speed，罐装。",
      ),
    },
    {
      name: "Blonde Draught",
      description: "Amsterdam Blonde on tap.",
      price: "5.50",
      customizations: [
        {
          name: "Size",
          exclusive: true,
          required: true,
          options: [
            { name: "16oz", price: "0.00" },
            { name: "32oz", price: "6.49" },
            { name: "64oz", price: "12.49" },
          ],
        },
      ],
      allergens: [],
      diet: [],
      prepMinutes: 2,
      translations: tr("Blonde Draught", "Amsterdam Blonde mula sa gripo.", "Blonde 生啤", "Amsterdam Blonde 扎啤。"),
    },
    {
      name: "Red Horse",
      description: "Filipino strong lager.",
      price: "8.99",
      allergens: [],
      diet: [],
      prepMinutes: 1,
      translations: tr("Red Horse", "Matapang na lager ng Pilipinas.", "红马啤酒", "菲律宾烈性拉格啤酒。"),
    },
    {
      name: "House Red Wine",
      description: "7oz glass or 750ml bottle (24.99).",
      price: "7.00",
      happyHourPrice: "5.50",
      customizations: [wineSize],
      allergens: ["sulphites"],
      diet: [],
      prepMinutes: 2,
      translations: tr("Red Wine ng Bahay", "7oz na baso o 750ml na bote (24.99).", "招牌红葡萄酒", "7盎司一杯或750毫升一瓶（24.99）。"),
    },
    {
      name: "House White Wine",
      description: "7oz glass or 750ml bottle (24.99).",
      price: "7.00",
      happyHourPrice: "5.50",
      customizations: [wineSize],
      allergens: ["sulphites"],
      diet: [],
      prepMinutes: 2,
      translations: tr("White Wine ng Bahay", "7oz na baso o 750ml na bote (24.99).", "招牌白葡萄酒", "7盎司一杯或750毫升一瓶（24.99）。"),
    },
    {
      name: "Shot",
      description: "1oz rail shot. Premium shots $7 to $13, ask your server.",
      price: "5.00",
      allergens: [],
      diet: [],
      prepMinutes: 1,
      translations: tr(
        "Shot",
        "1oz na rail shot. Premium na shot $7 hanggang $13, magtanong sa server.",
        "烈酒一杯",
        "1盎司标准烈酒。高级烈酒7至13元，请询问服务员。",
      ),
    },
    {
      name: "Sake Bomb",
      description: "Bomb shot.",
      price: "5.99",
      allergens: [],
      diet: [],
      prepMinutes: 2,
      translations: tr("Sake Bomb", "Bomb shot ng sake at beer.", "清酒炸弹", "清酒啤酒炸弹酒。"),
    },
    {
      name: "Jäger Bomb",
      description: "Bomb shot.",
      price: "8.99",
      allergens: [],
      diet: [],
      prepMinutes: 2,
      translations: tr("Jäger Bomb", "Bomb shot ng Jägermeister.", "野格炸弹", "野格利口酒炸弹酒。"),
    },
    {
      name: "Limitless Bomb",
      description: "Our signature bomb shot.",
      price: "10.99",
      allergens: [],
      diet: [],
      prepMinutes: 2,
      translations: tr("Limitless Bomb", "Ang aming signature na bomb shot.", "Limitless 炸弹酒", "本店招牌炸弹酒。"),
    },
    {
      name: "Cocktail",
      description: "Classic cocktails; blended 7.49.",
      price: "6.99",
      happyHourPrice: "5.99",
      customizations: [cocktailStyle],
      allergens: [],
      diet: [],
      prepMinutes: 4,
      translations: tr("Cocktail", "Mga klasikong cocktail; blended 7.49.", "鸡尾酒", "经典鸡尾酒；冰沙款7.49。"),
    },
  ],
  bucket: [
    {
      name: "Domestic Bucket",
      description: "4 Domestic beers with choice of 1 lb Wings, Pork Belly Fries or 6 BBQ Skewers.",
      price: "30.00",
      customizations: [bucketChoice],
      // Two of the three choices are pork and the wings are breaded: tagged for what the bucket may hold.
      allergens: ["wheat", "soy", "milk", "eggs"],
      diet: ["contains_pork"],
      prepMinutes: 15,
      translations: tr(
        "Bucket ng Lokal na Beer",
        "4 na lokal na beer, may kasamang 1 lb na pakpak ng manok, Pork Belly Fries o 6 na BBQ na tuhog (pumili ng isa).",
        "国产啤酒桶",
        "4瓶国产啤酒，配一磅鸡翅、五花肉薯条或6串烧烤（任选其一）。",
      ),
    },
    {
      name: "Import Bucket",
      description: "4 Import beers with choice of 1 lb Wings, Pork Belly Fries or 6 BBQ Skewers.",
      price: "34.00",
      customizations: [bucketChoice],
      allergens: ["wheat", "soy", "milk", "eggs"],
      diet: ["contains_pork"],
      prepMinutes: 15,
      translations: tr(
        "Bucket ng Imported na Beer",
        "4 na imported na beer, may kasamang 1 lb na pakpak ng manok, Pork Belly Fries o 6 na BBQ na tuhog (pumili ng isa).",
        "进口啤酒桶",
        "4瓶进口啤酒，配一磅鸡翅、五花肉薯条或6串烧烤（任选其一）。",
      ),
    },
  ],
};

/** Monday to Friday, 2 to 6 PM in Toronto, at both branches. */
const SEED_HAPPY_HOURS = [{ weekdays: [1, 2, 3, 4, 5], from: "14:00", to: "18:00" }];

/** The demo's HST registration number (a business number's RT account), printed on receipts. */
const SEED_HST_NUMBER = "81234 5678 RT0001";

/** The contract's branches (the one list the API accepts), with their addresses, HST numbers and happy hours. */
export const SEED_BRANCHES = [
  {
    ...BRANCHES[0],
    address: "7600 Yonge St, Thornhill, ON",
    hstNumber: SEED_HST_NUMBER,
    happyHours: SEED_HAPPY_HOURS,
    timeZone: RESTAURANT_TIME_ZONE,
  },
  {
    ...BRANCHES[1],
    address: "2200 Brock Rd Unit A1, Pickering, ON",
    hstNumber: SEED_HST_NUMBER,
    happyHours: SEED_HAPPY_HOURS,
    timeZone: RESTAURANT_TIME_ZONE,
  },
] as const;

/** The demo's tables; Thornhill's are placed on its floor plan, Pickering's wait to be placed. */
export const SEED_DINING_TABLES: Record<
  number,
  { codename: string; capacity: number; area?: string; position?: { x: number; y: number } }[]
> = {
  1: [
    { codename: "1", capacity: 4, area: "Main", position: { x: 150, y: 200 } },
    { codename: "2", capacity: 4, area: "Main", position: { x: 450, y: 200 } },
    { codename: "3", capacity: 6, area: "Main", position: { x: 300, y: 600 } },
    { codename: "Bar 1", capacity: 2, area: "Bar", position: { x: 200, y: 300 } },
  ],
  2: [
    { codename: "1", capacity: 4 },
    { codename: "2", capacity: 6 },
  ],
};
