export PATH=/work/main/.venv/bin:$PATH
export PYTHONPATH=/work/wt/pages/src
export NARDY_TEST_POSTGRES_URL=postgresql+psycopg://nardy:nardy@127.0.0.1/nardy_pages
cd /work/wt/pages
