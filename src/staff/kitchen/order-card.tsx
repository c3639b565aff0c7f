import { PREP_AREAS } from "../../../contract/menu";
import type { Order } from "../../../contract/schemas";
import { tableLabel } from "../lib/table-label";
import { ReprintButton } from "./reprint-button";
import { PREP_AREA_NAMES } from "../lib/prep-area-names";
import { ageTone, formatAge, type OpenStatus } from "./board";

export interface CardActions {
  start(order: Order): void;
  bump(order: Order): void;
  serve(order: Order): void;
  cancel(order: Order): void;
}

interface OrderCardProps {
  /** With only this board's prep area's lines. */
  order: Order & { status: OpenStatus };
  column: OpenStatus;
  now: number;
  fresh: boolean;
  busy: boolean;
  actions: CardActions;
}

/** Said in words as well as colour: green under 5 minutes, amber under 10, red beyond. */
const TONE_WORDS = { fresh: "", waiting: "Waiting", late: "Late" } as const;

/** One ticket: number, table, age, what to make (with the diner's notes), and the next step as a big button. */
export function OrderCard({ order, column, now, fresh, busy, actions }: OrderCardProps) {
  const headingId = `order-${order.id}`;
  const table = tableLabel(order.station_codename);
  const tone = ageTone(order.created_at, now);
  return (
    <li
      className={`order-card order-card--${column} order-card--age-${tone}${fresh ? " order-card--fresh" : ""}`}
      aria-busy={busy || undefined}
    >
      <article aria-label={`Order #${order.number}, ${table}`}>
        <header className="order-card__header">
          <h3 id={headingId} className="order-card__number">
            #{order.number}
          </h3>
          {fresh && <span className="order-card__badge">New</span>}
          <p className="order-card__table">{table}</p>
          <p className="order-card__age">
            <time dateTime={order.created_at} title={new Date(order.created_at).toLocaleString()}>
              {formatAge(order.created_at, now)}
            </time>
            {TONE_WORDS[tone] && <strong className="order-card__tone"> · {TONE_WORDS[tone]}</strong>}
          </p>
        </header>
        <ul className="order-card__lines">
          {order.lines.map((line, index) => (
            <li key={`${line.product_id}-${index}`}>
              <span className="order-card__qty">{line.quantity}×</span> <span className="order-card__item">{line.name}</span>
              {line.options.length > 0 && (
                <ul className="order-card__options">
                  {line.options.map((option) => (
                    <li key={option.id}>{option.name}</li>
                  ))}
                </ul>
              )}
              {line.note && <p className="order-card__note">Note: {line.note}</p>}
            </li>
          ))}
        </ul>
        <CardButtons {...{ order, column, busy, actions }} nextId={`${headingId}-next`} />
      </article>
    </li>
  );
}

function CardButtons({ order, column, busy, actions, nextId }: Omit<OrderCardProps, "now" | "fresh"> & { nextId: string }) {
  const named = (label: string) => (
    <>
      {label}
      <span className="visually-hidden"> order {order.number}</span>
    </>
  );
  const big = (label: string, onClick: () => void) => (
    <button
      type="button"
      id={nextId}
      className="staff-button staff-button--primary staff-button--big order-card__next"
      disabled={busy}
      onClick={onClick}
    >
      {named(label)}
    </button>
  );
  const waitingFor = PREP_AREAS.filter((prepArea) => !order.bumped.includes(prepArea)).map((prepArea) =>
    PREP_AREA_NAMES[prepArea].toLowerCase(),
  );
  return (
    <div className="order-card__actions">
      {column === "received" && big("Start preparing", () => actions.start(order))}
      {column === "preparing" && big("Bump", () => actions.bump(order))}
      {column === "ready" &&
        (order.status === "ready" ? (
          big("Served", () => actions.serve(order))
        ) : (
          <p className="order-card__waiting">Waiting for the {waitingFor.join(" and ")}</p>
        ))}
      {column === "received" && (
        <button type="button" className="staff-button" disabled={busy} onClick={() => actions.bump(order)}>
          {named("Bump")}
        </button>
      )}
      <button type="button" className="staff-button staff-button--danger" disabled={busy} onClick={() => actions.cancel(order)}>
        {named("Cancel")}
      </button>
      <ReprintButton orderId={order.id} number={order.number} />
    </div>
  );
}
