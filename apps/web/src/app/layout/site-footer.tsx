import { PRODUCT_NAME } from "@kindred/shared/constants";
import { Link } from "react-router";
import { BrandLogo } from "@/components/brand-logo";

// Company, Support and Legal pages do not exist yet: their links are placeholders (SPEC §2 "Footer").
const PLACEHOLDER_HREF = "#";

const COLUMNS = [
  { title: "Company", links: ["About Us", "Careers", "Press", "Blog"] },
  { title: "Support", links: ["Help Center", "Safety Center", "Community Guidelines", "Contact Us"] },
  { title: "Legal", links: ["Privacy Policy", "Terms of Service", "Cookie Policy", "Accessibility"] },
] as const;

const linkClass = "text-sm text-stone-600 transition-colors hover:text-rose-700";

export function SiteFooter() {
  return (
    <footer className="border-stone-200 border-t bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <BrandLogo />
          <p className="mt-3 text-sm text-stone-500">
            Connection through conversation first, appearance second.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="font-semibold text-sm text-stone-900">{column.title}</h2>
            <ul className="mt-3 grid gap-2">
              {column.links.map((label) => (
                <li key={label}>
                  <a href={PLACEHOLDER_HREF} className={linkClass}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div>
          <h2 className="font-semibold text-sm text-stone-900">Developers</h2>
          <ul className="mt-3 grid gap-2">
            <li>
              <Link to="/ws-diagnostics" className={linkClass}>
                Connection Diagnostics
              </Link>
            </li>
            <li>
              <Link to="/simple-ws-test" className={linkClass}>
                WebSocket Test
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-stone-100 border-t">
        <p className="mx-auto max-w-6xl px-6 py-6 text-stone-500 text-xs">
          © {new Date().getFullYear()} {PRODUCT_NAME}. For adults aged 21 and over.
        </p>
      </div>
    </footer>
  );
}
