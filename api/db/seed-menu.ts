/**
 * The demo menu both branches start with: every item and price of the spec (section 9 and the
 * landing page), with the option groups those items imply. Prices are the spec's; where the spec
 * gives a range ("Fries 5.25 to 12.99") the items span exactly that range.
 * Also the source of the generated menu PDFs (scripts/generate-menu-pdfs.ts).
 */
import type { CategoryKey } from "../../contract/menu";

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
  weekday?: number;
  customizations?: SeedGroup[];
}

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
    { name: "Monday Wings", description: "1 lb of wings, every Monday.", price: "10.00", weekday: 1 },
    { name: "Tuesday Pork Chop with Rice", description: "Grilled pork chop with rice, every Tuesday.", price: "10.00", weekday: 2 },
    { name: "Wednesday Chicken Thigh with Rice", description: "BBQ chicken thigh with rice, every Wednesday.", price: "10.00", weekday: 3 },
    { name: "Thursday Pork Belly with Rice", description: "Crispy pork belly with rice, every Thursday.", price: "10.00", weekday: 4 },
    { name: "Friday $3 Shots", description: "Three-dollar shots, every Friday.", price: "3.00", weekday: 5 },
    { name: "Saturday $3 Shots", description: "Three-dollar shots, every Saturday.", price: "3.00", weekday: 6 },
    { name: "Sunday Cocktails", description: "All cocktails $5, every Sunday.", price: "5.00", weekday: 7 },
  ],
  starter: [
    { name: "Lumpia Shanghai", description: "Crispy Filipino spring rolls with sweet chili sauce.", price: "5.49" },
    {
      name: "BBQ Skewers",
      description: "6 Filipino-style BBQ pork skewers.",
      price: "9.99",
      customizations: [
        { name: "Size", exclusive: true, required: false, options: [{ name: "Upsize to 9 skewers", price: "3.00" }] },
      ],
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
    },
    { name: "Chicken Fingers and Fries", description: "Munchies: crispy chicken fingers with fries.", price: "7.99" },
    {
      name: "Wings",
      description: "Munchies: 1 lb of wings, your choice of sauce.",
      price: "12.99",
      customizations: [
        { name: "Size", exclusive: true, required: true, options: [{ name: "1 lb", price: "0.00" }, { name: "2 lbs", price: "10.00" }] },
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
    },
  ],
  fries: [
    { name: "Classic Fries", description: "Golden fries, sea salt.", price: "5.25", customizations: [friesToppings] },
    { name: "Cajun Fries", description: "Fries tossed in Cajun spice.", price: "6.49", customizations: [friesToppings] },
    { name: "Poutine", description: "Fries, cheese curds, gravy.", price: "9.99", customizations: [friesToppings] },
    { name: "Pork Belly Fries", description: "Fries loaded with crispy pork belly, cheese and house sauce.", price: "12.99", customizations: [friesToppings] },
  ],
  burger: [
    { name: "Limitless Mega Burger", description: "Served with fries or coleslaw; onion rings instead +2.00.", price: "13.99", customizations: [burgerSide] },
    { name: "Pork Belly sandwich", description: "Served with fries or coleslaw; onion rings instead +2.00.", price: "13.99", customizations: [burgerSide] },
    { name: "Chorizo (Longanisa) Burger", description: "Served with fries or coleslaw; onion rings instead +2.00.", price: "13.99", customizations: [burgerSide] },
    { name: "Chicken Burger", description: "Served with fries or coleslaw; onion rings instead +2.00.", price: "13.99", customizations: [burgerSide] },
    { name: "Classic Crispy Chicken Burger", description: "Served with fries or coleslaw; onion rings instead +2.00.", price: "13.99", customizations: [burgerSide] },
  ],
  seafood: [
    { name: "Fish Balls", description: "Street-style fish balls with sweet and spicy sauce.", price: "5.99" },
    { name: "Salt and Pepper Calamari", description: "Crispy calamari, garlic, chili.", price: "12.99" },
    { name: "Garlic Butter Shrimp", description: "Shrimp sautéed in garlic butter.", price: "15.99", customizations: [riceSubstitution] },
    { name: "Grilled Seafood Platter", description: "Shrimp, squid and fish fillet off the grill.", price: "22.99" },
  ],
  main: [
    { name: "Garlic Rice", description: "Filipino sinangag.", price: "3.00" },
    { name: "Sisig", description: "Sizzling chopped pork with onion, chili and calamansi.", price: "12.99", customizations: [riceSubstitution] },
    { name: "Beef Steak Sandwich", description: "Grilled steak, onions and peppers on a toasted bun.", price: "14.99" },
    { name: "Stir Fry Beef", description: "Wok-tossed beef with vegetables.", price: "17.99", customizations: [riceSubstitution] },
    { name: "Steak and Frites", description: "Grilled striploin with fries.", price: "18.99" },
    { name: "Lechon Kawali", description: "Crispy deep-fried pork belly with liver sauce.", price: "16.99", customizations: [riceSubstitution] },
    { name: "Limitless BBQ Feast", description: "Chinese BBQ pork, roast duck, skewers, pork belly and rice; feeds four.", price: "47.99" },
  ],
  drink: [
    { name: "Domestic Beer", description: "341ml bottle.", price: "4.49" },
    { name: "Import Beer", description: "330ml bottle.", price: "5.49" },
    {
      name: "Asahi",
      description: "Draught.",
      price: "7.99",
      customizations: [{ name: "Size", exclusive: true, required: true, options: [{ name: "16oz", price: "0.00" }, { name: "64oz", price: "13.00" }] }],
    },
    {
      name: "Amsterdam Can",
      description: "Amsterdam Blonde or Speed, can.",
      price: "6.50",
      customizations: [{ name: "Beer", exclusive: true, required: true, options: [{ name: "Blonde", price: "0.00" }, { name: "Speed", price: "0.00" }] }],
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
    },
    { name: "Red Horse", description: "Filipino strong lager.", price: "8.99" },
    { name: "House Red Wine", description: "7oz glass or 750ml bottle (24.99).", price: "7.00", customizations: [wineSize] },
    { name: "House White Wine", description: "7oz glass or 750ml bottle (24.99).", price: "7.00", customizations: [wineSize] },
    { name: "Shot", description: "1oz rail shot. Premium shots $7 to $13, ask your server.", price: "5.00" },
    { name: "Sake Bomb", description: "Bomb shot.", price: "5.99" },
    { name: "Jäger Bomb", description: "Bomb shot.", price: "8.99" },
    { name: "Limitless Bomb", description: "Our signature bomb shot.", price: "10.99" },
    { name: "Cocktail", description: "Classic cocktails; blended 7.49.", price: "6.99", customizations: [cocktailStyle] },
  ],
  bucket: [
    { name: "Domestic Bucket", description: "4 Domestic beers with choice of 1 lb Wings, Pork Belly Fries or 6 BBQ Skewers.", price: "30.00", customizations: [bucketChoice] },
    { name: "Import Bucket", description: "4 Import beers with choice of 1 lb Wings, Pork Belly Fries or 6 BBQ Skewers.", price: "34.00", customizations: [bucketChoice] },
  ],
};

export const SEED_BRANCHES = [
  { id: 1, name: "Thornhill", address: "7600 Yonge St, Thornhill, ON" },
  { id: 2, name: "Pickering", address: "2200 Brock Rd Unit A1, Pickering, ON" },
] as const;

export const SEED_STATIONS: Record<number, { codename: string; capacity: number }[]> = {
  1: [
    { codename: "1", capacity: 4 },
    { codename: "2", capacity: 4 },
    { codename: "3", capacity: 6 },
    { codename: "Bar 1", capacity: 2 },
  ],
  2: [
    { codename: "1", capacity: 4 },
    { codename: "2", capacity: 6 },
  ],
};
