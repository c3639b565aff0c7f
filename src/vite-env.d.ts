/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_MAPS_KEY?: string;
  readonly VITE_PUBLIC_ORIGIN?: string;
  readonly VITE_BOOKING_URL?: string;
  readonly VITE_DELIVERY_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
