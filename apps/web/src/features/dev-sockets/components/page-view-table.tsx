import { usePageViews } from "../hooks/use-page-views";
import { formatClock } from "../log-entries";

/** The latest 100 page views the analytics module kept (SPEC §7), newest first. */
export function PageViewTable() {
  const views = usePageViews();
  if (views.length === 0) {
    return (
      <p className="rounded-xl border border-stone-300 border-dashed bg-white p-6 text-center text-sm text-stone-600">
        No page views yet
      </p>
    );
  }
  return (
    <div className="max-h-96 overflow-y-auto rounded-xl border border-stone-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{`Latest ${views.length} page views, newest first`}</caption>
        <thead className="sticky top-0 bg-stone-50 text-stone-600">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Page
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Time
            </th>
          </tr>
        </thead>
        <tbody>
          {views.map(({ key, view }) => (
            <tr key={key} className="border-stone-100 border-t">
              <td className="px-4 py-2 font-medium text-stone-900">{view.name}</td>
              <td className="px-4 py-2 font-mono text-stone-600 text-xs">
                <time dateTime={view.at}>{formatClock(Date.parse(view.at))}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
