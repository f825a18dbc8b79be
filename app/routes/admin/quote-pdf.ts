export const loader = () => new Response("Not Found", { status: 404 });
