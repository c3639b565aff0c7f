/**
 * Simplified Chinese (as a Toronto-area restaurant writes to its diners: short, polite, 您).
 * Keys mirror the English in each messages.ts; tests/unit/i18n-catalogs.test.ts fails if one is
 * missing or left over.
 */
import type { ComponentsJSON } from "@nanostores/i18n";

const zh: ComponentsJSON = {
  language: {
    label: "语言",
  },
  categories: {
    special: "特价菜",
    starter: "前菜小吃",
    fries: "薯条",
    burger: "汉堡",
    seafood: "海鲜",
    main: "主菜",
    drink: "饮品",
    bucket: "啤酒桶套餐",
  },
  menuWords: {
    todaysSpecial: "今日特价",
    soldOut: "已售完",
    onWeekday: "每{day}供应",
  },
  siteHeader: {
    skipToContent: "跳到主要内容",
    home: "{name}首页",
    mainNav: "主导航",
    navigation: "导航",
    menu: "菜单",
    reserve: "订座",
    about: "关于我们",
    contact: "联系我们",
    opensInNewTab: "（在新标签页中打开）",
  },
  siteFooter: {
    followUs: "关注我们",
    emailUs: "给我们发邮件",
    happyDay: "{day}快乐！",
  },
  liveMenu: {
    loading: "加载中...",
    sections: "菜单分类",
    todayIs: "今天是{day}，今日特价已高亮显示。",
    empty: "暂时没有菜品。",
  },
};

export default zh;
